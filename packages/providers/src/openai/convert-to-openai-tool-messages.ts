import type { ChatCompletionToolMessageParam } from 'openai/resources/chat/completions';
import type { ToolContent, ToolMessage, ToolResultPart } from '@toolloop/core';

/** What an error result's text starts with: chat completions has no `is_error` flag, so the model reads it here. */
export const toolErrorPrefix = 'Error: ';

/**
 * A core `tool` message as chat messages: one `role: 'tool'` message per result, matched by `tool_call_id`.
 * Tool messages take text only, so content is joined into one text: images and resources become short notes
 * (a resource's text is kept), and structured content is sent as JSON when there is no other content. An error
 * result starts with `Error: `, since the wire has no other way to say that the call failed.
 */
export function convertToOpenAIToolMessages(message: ToolMessage): ChatCompletionToolMessageParam[] {
  return message.content.map((part) => ({
    role: 'tool',
    tool_call_id: part.toolCallId,
    content: toText(part),
  }));
}

function toText(part: ToolResultPart): string {
  const texts = part.output.content.map(convertToolContent);
  if (texts.length === 0 && part.output.structuredContent !== undefined) {
    texts.push(JSON.stringify(part.output.structuredContent));
  }
  const text = texts.join('\n');
  return part.isError || part.output.isError === true ? `${toolErrorPrefix}${text}` : text;
}

function convertToolContent(content: ToolContent): string {
  switch (content.type) {
    case 'text':
      return content.text;
    case 'image':
      return `[image of type ${content.mediaType}, which a chat completions tool result cannot carry]`;
    case 'resource-link': {
      const details = [content.name, content.description, content.mediaType].filter(
        (detail) => detail !== undefined,
      );
      return `Resource link: ${content.uri}${details.length > 0 ? ` (${details.join('; ')})` : ''}`;
    }
    case 'resource':
      if (content.text !== undefined) return `Resource ${content.uri}:\n${content.text}`;
      return `[binary resource ${content.uri}${content.mediaType === undefined ? '' : ` of type ${content.mediaType}`}]`;
    default: {
      const unknownContent: never = content;
      throw new Error(`Unknown tool content ${JSON.stringify(unknownContent)}`);
    }
  }
}
