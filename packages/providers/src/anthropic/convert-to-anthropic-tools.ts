import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import type { ToolDefinition } from '@toolloop/core';

/** Tool definitions as the Messages API takes them; the input schema is always an object schema there. */
export function convertToAnthropicTools(tools: readonly ToolDefinition[]): Tool[] {
  return tools.map((tool) => {
    const converted: Tool = { name: tool.name, input_schema: { ...tool.inputSchema, type: 'object' } };
    if (tool.description !== undefined) converted.description = tool.description;
    return converted;
  });
}
