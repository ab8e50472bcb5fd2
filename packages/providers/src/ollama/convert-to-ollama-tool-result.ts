import type { ToolContent, ToolResultPart } from '@toolloop/core';

/**
 * A tool result as the text of Ollama's `tool` message: its content joined by newlines (images and resources as
 * short notes, a resource's text kept; structured content as JSON when there is nothing else), starting with
 * `Error: ` when the call failed, since the message has no other way to say so.
 */
export function convertToOllamaToolResult(part: ToolResultPart): string {
  const texts = part.output.content.map(convertToolContent);
  if (texts.length === 0 && part.output.structuredContent !== undefined) {
    texts.push(JSON.stringify(part.output.structuredContent));
  }
  const text = texts.join('\n');
  return part.isError || part.output.isError === true ? `Error: ${text}` : text;
}

function convertToolContent(content: ToolContent): string {
  switch (content.type) {
    case 'text':
      return content.text;
    case 'image':
      return `[image of type ${content.mediaType}, which an Ollama tool message cannot carry]`;
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
