import type { Tool } from 'ollama';
import type { ToolChoice, ToolDefinition, WarningPart } from '@toolloop/core';

/**
 * Tool definitions as Ollama's `tools` (`{ type: 'function', function: { name, description, parameters } }`, the
 * parameters an object schema), under the request's tool choice: Ollama has no `tool_choice`, so `none` sends no
 * tools at all, and a forced choice (`required`, one tool) sends them all, with a `tool_choice_unsupported` warning.
 */
export function convertToOllamaTools(options: {
  tools: readonly ToolDefinition[];
  toolChoice: ToolChoice | undefined;
}): { tools: Tool[]; warnings: WarningPart[] } {
  const { tools, toolChoice } = options;
  if (tools.length === 0 || toolChoice?.type === 'none') return { tools: [], warnings: [] };
  const warnings: WarningPart[] =
    toolChoice?.type === 'required' || toolChoice?.type === 'tool'
      ? [
          {
            type: 'warning',
            code: 'tool_choice_unsupported',
            message:
              "Ollama's chat API has no tool_choice: the model was offered the tools but may answer without calling one.",
          },
        ]
      : [];
  return {
    tools: tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: { ...tool.inputSchema, type: 'object' },
      },
    })),
    warnings,
  };
}
