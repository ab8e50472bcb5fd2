import type { Tool, ToolChoice as BedrockToolChoice } from '@aws-sdk/client-bedrock-runtime';
import type { ToolChoice, ToolDefinition, WarningPart } from '@toolloop/core';

/** The loop's tools as Converse `toolSpec`s, each schema under `inputSchema.json`. */
export function convertToBedrockTools(tools: readonly ToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    toolSpec: {
      name: tool.name,
      ...(tool.description === undefined || tool.description === '' ? {} : { description: tool.description }),
      inputSchema: { json: tool.inputSchema },
    },
  }));
}

/**
 * The tool choice as Converse takes it: `auto` → `{ auto: {} }`, `required` → `{ any: {} }`, `tool` →
 * `{ tool: { name } }`. Converse has no `none`: the tools stay (a conversation with tool calls needs them) and
 * the model chooses, with a warning. Claude refuses a forced choice while it thinks, so that one goes as `auto`
 * with a warning too.
 */
export function convertToBedrockToolChoice({
  toolChoice,
  thinks,
}: {
  toolChoice: ToolChoice | undefined;
  thinks: boolean;
}): { toolChoice?: BedrockToolChoice; warnings: WarningPart[] } {
  if (toolChoice === undefined) return { warnings: [] };
  if (thinks && (toolChoice.type === 'required' || toolChoice.type === 'tool')) {
    const message = `A forced tool choice ('${toolChoice.type}') cannot be combined with thinking; the model chooses its tools ('auto') instead.`;
    return {
      toolChoice: { auto: {} },
      warnings: [{ type: 'warning', code: 'tool_choice_unsupported_with_thinking', message }],
    };
  }
  switch (toolChoice.type) {
    case 'auto':
      return { toolChoice: { auto: {} }, warnings: [] };
    case 'required':
      return { toolChoice: { any: {} }, warnings: [] };
    case 'tool':
      return { toolChoice: { tool: { name: toolChoice.name } }, warnings: [] };
    case 'none':
      return {
        toolChoice: { auto: {} },
        warnings: [
          {
            type: 'warning',
            code: 'tool_choice_none_unsupported',
            message:
              "Converse has no tool choice 'none'; the tools were sent and the model chooses ('auto').",
          },
        ],
      };
    default: {
      const unknownChoice: never = toolChoice;
      throw new Error(`Unknown tool choice ${JSON.stringify(unknownChoice)}`);
    }
  }
}
