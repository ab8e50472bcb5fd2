import type { ToolChoice as AnthropicToolChoice } from '@anthropic-ai/sdk/resources/messages';
import type { ToolChoice, WarningPart } from '@toolloop/core';

/**
 * Maps the request's tool choice: `auto` → `auto`, `required` → `any`, `tool` → `tool`, `none` → `none`;
 * `maxToolsPerResponse: 1` becomes `disable_parallel_tool_use`. The API rejects a forced choice (`any`, `tool`)
 * while the model thinks, so that one is sent as `auto` with a warning.
 */
export function convertToAnthropicToolChoice({
  toolChoice,
  maxToolsPerResponse,
  thinks,
}: {
  toolChoice: ToolChoice | undefined;
  maxToolsPerResponse: number | undefined;
  thinks: boolean;
}): { toolChoice?: AnthropicToolChoice; warnings: WarningPart[] } {
  const warnings: WarningPart[] = [];
  const oneToolAtMost = maxToolsPerResponse !== undefined && maxToolsPerResponse <= 1;
  let choice = toolChoice;
  if (thinks && (choice?.type === 'required' || choice?.type === 'tool')) {
    warnings.push({
      type: 'warning',
      code: 'tool_choice_unsupported_with_thinking',
      message: `A forced tool choice ('${choice.type}') cannot be combined with thinking; the model chooses its tools ('auto') instead.`,
    });
    choice = { type: 'auto' };
  }
  if (choice === undefined) {
    return oneToolAtMost
      ? { toolChoice: { type: 'auto', disable_parallel_tool_use: true }, warnings }
      : { warnings };
  }
  const parallel = oneToolAtMost ? { disable_parallel_tool_use: true } : {};
  switch (choice.type) {
    case 'auto':
      return { toolChoice: { type: 'auto', ...parallel }, warnings };
    case 'required':
      return { toolChoice: { type: 'any', ...parallel }, warnings };
    case 'tool':
      return { toolChoice: { type: 'tool', name: choice.name, ...parallel }, warnings };
    case 'none':
      return { toolChoice: { type: 'none' }, warnings };
    default: {
      const unknownChoice: never = choice;
      throw new Error(`Unknown tool choice ${JSON.stringify(unknownChoice)}`);
    }
  }
}
