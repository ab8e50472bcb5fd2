import type {
  Base64ImageSource,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ToolContent, ToolResultPart } from '@toolloop/core';

type ImageMediaType = Base64ImageSource['media_type'];
const imageMediaTypes: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
] satisfies ImageMediaType[];

function isImageMediaType(mediaType: string | undefined): mediaType is ImageMediaType {
  return mediaType !== undefined && imageMediaTypes.includes(mediaType);
}

/**
 * A core tool result as an Anthropic `tool_result` block. Text and images go across as they are; resources
 * become text (or an image, for an image blob); structured content is sent as JSON text when there is no other
 * content. Empty text blocks are left out. A result of one text block goes as its text, the shorter form of the
 * same content (the API reads a string `content` as one text block): most results are one text, and every later
 * request of a loop sends them again. `is_error` is set when the result is an error.
 */
export function convertToAnthropicToolResult(part: ToolResultPart): ToolResultBlockParam {
  // An empty text says nothing, and the API refuses empty text blocks: a result of only empty text has no content.
  const content = part.output.content
    .map(convertToolContent)
    .filter((block) => block.type !== 'text' || block.text !== '');
  if (content.length === 0 && part.output.structuredContent !== undefined) {
    content.push({ type: 'text', text: JSON.stringify(part.output.structuredContent) });
  }
  const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: part.toolCallId };
  const [only] = content;
  if (content.length === 1 && only?.type === 'text') block.content = only.text;
  else if (content.length > 0) block.content = content;
  if (part.isError || part.output.isError === true) block.is_error = true;
  return block;
}

function convertToolContent(content: ToolContent): TextBlockParam | ImageBlockParam {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'image':
      return isImageMediaType(content.mediaType)
        ? { type: 'image', source: { type: 'base64', media_type: content.mediaType, data: content.data } }
        : { type: 'text', text: `[image of type ${content.mediaType}, which this model cannot read]` };
    case 'resource-link': {
      const details = [content.name, content.description, content.mediaType].filter(
        (detail) => detail !== undefined,
      );
      return {
        type: 'text',
        text: `Resource link: ${content.uri}${details.length > 0 ? ` (${details.join('; ')})` : ''}`,
      };
    }
    case 'resource':
      if (content.text !== undefined)
        return { type: 'text', text: `Resource ${content.uri}:\n${content.text}` };
      if (content.blob !== undefined && isImageMediaType(content.mediaType)) {
        return {
          type: 'image',
          source: { type: 'base64', media_type: content.mediaType, data: content.blob },
        };
      }
      return {
        type: 'text',
        text: `[binary resource ${content.uri}${content.mediaType === undefined ? '' : ` of type ${content.mediaType}`}]`,
      };
    default: {
      const unknownContent: never = content;
      throw new Error(`Unknown tool content ${JSON.stringify(unknownContent)}`);
    }
  }
}
