import type { ToolResultBlock, ToolResultContentBlock } from '@aws-sdk/client-bedrock-runtime';
import type { ToolContent, ToolResultPart } from '@toolloop/core';

const imageFormats: Readonly<Record<string, 'png' | 'jpeg' | 'gif' | 'webp'>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * A core tool result as a Converse `toolResult` block: text as text, images of the four formats Converse takes
 * as image bytes, resources as text; structured content as a `json` block when there is no other content.
 * `status: 'error'` marks a failed tool, as Converse documents for Claude models.
 */
export function convertToBedrockToolResult(part: ToolResultPart): { toolResult: ToolResultBlock } {
  const content = part.output.content.map(convertToolContent);
  if (content.length === 0 && part.output.structuredContent !== undefined) {
    content.push({ json: part.output.structuredContent });
  }
  const failed = part.isError || part.output.isError === true;
  // Converse refuses a tool result without content.
  if (content.length === 0) content.push({ text: failed ? 'Error.' : 'Done.' });
  return {
    toolResult: { toolUseId: part.toolCallId, content, ...(failed ? { status: 'error' } : {}) },
  };
}

function convertToolContent(content: ToolContent): ToolResultContentBlock {
  switch (content.type) {
    case 'text':
      return { text: content.text };
    case 'image': {
      const format = imageFormats[content.mediaType];
      if (format === undefined)
        return { text: `[an image of type ${content.mediaType}, which Bedrock does not take]` };
      return { image: { format, source: { bytes: Buffer.from(content.data, 'base64') } } };
    }
    case 'resource-link':
      return { text: `Resource: ${content.uri}${content.name === undefined ? '' : ` (${content.name})`}` };
    case 'resource':
      return { text: content.text ?? `Resource: ${content.uri}` };
    default: {
      const unknownContent: never = content;
      throw new Error(`Unknown tool content ${JSON.stringify(unknownContent)}`);
    }
  }
}
