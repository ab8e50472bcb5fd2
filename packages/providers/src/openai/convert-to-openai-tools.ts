import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { ToolDefinition } from '@toolloop/core';

/** Tool definitions as chat completions functions; the parameters are always an object schema there. */
export function convertToOpenAITools(tools: readonly ToolDefinition[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: { ...tool.inputSchema, type: 'object' },
    },
  }));
}
