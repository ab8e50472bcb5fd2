import type { CallToolResult } from '@modelcontextprotocol/client';
import type { JsonObject } from '../json-value.js';
import type { ToolContent, ToolOutput } from '../model/messages.js';

type McpContentBlock = CallToolResult['content'][number];

/**
 * An MCP `tools/call` result as a core tool output: text, images, resource links and embedded resources map
 * across; audio (which no model API takes back as a tool result) becomes a note; `structuredContent` and
 * `isError` are kept. A result with only structured content also gets it as JSON text, as the spec advises.
 */
export function mapMcpToolResult(result: CallToolResult): ToolOutput {
  const content = result.content.map(mapContentBlock);
  const output: ToolOutput = { content };
  if (result.structuredContent !== undefined) {
    output.structuredContent = result.structuredContent as JsonObject;
    if (content.length === 0) content.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  }
  if (result.isError === true) output.isError = true;
  return output;
}

function mapContentBlock(block: McpContentBlock): ToolContent {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.data, mediaType: block.mimeType };
    case 'audio':
      return {
        type: 'text',
        text: `[audio content (${block.mimeType}) omitted: the model cannot take it back]`,
      };
    case 'resource_link': {
      const link: ToolContent = { type: 'resource-link', uri: block.uri, name: block.name };
      if (block.description !== undefined) link.description = block.description;
      if (block.mimeType !== undefined) link.mediaType = block.mimeType;
      return link;
    }
    case 'resource': {
      const resource: Extract<ToolContent, { type: 'resource' }> = {
        type: 'resource',
        uri: block.resource.uri,
      };
      if ('text' in block.resource) resource.text = block.resource.text;
      if ('blob' in block.resource) resource.blob = block.resource.blob;
      if (block.resource.mimeType !== undefined) resource.mediaType = block.resource.mimeType;
      return resource;
    }
    default: {
      const unexpected: never = block;
      return { type: 'text', text: `[unsupported content ${JSON.stringify(unexpected)}]` };
    }
  }
}
