import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolDefinition } from '../spec/tool-definition-fields.js';

/** The MCP `Tool` a mock tool is listed (or offered for sampling) as: its definition without `responses`. */
export function toListedTool(tool: McpToolDefinition): Tool {
  return {
    name: tool.name,
    inputSchema: tool.inputSchema,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
  };
}
