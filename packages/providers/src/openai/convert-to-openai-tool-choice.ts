import type { ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import type { ToolChoice, WarningPart } from '@toolloop/core';

/** How the request's tools go out: whether to send them at all, the `tool_choice`, and `parallel_tool_calls`. */
export interface OpenAIToolChoice {
  sendTools: boolean;
  toolChoice?: ChatCompletionToolChoiceOption;
  parallelToolCalls?: false;
  warnings: WarningPart[];
}

/**
 * Maps the tool choice of a request that offers tools: `auto` → `auto`, `required` → `required`, `none` →
 * `none`, `tool` → `{ type: 'function', function: { name } }`; `maxToolsPerResponse: 1` → `parallel_tool_calls:
 * false`. A server that ignores `tool_choice` (Ollama) gets no tools for `none`, and a forced choice is sent
 * anyway with a warning that the server may not follow it.
 */
export function convertToOpenAIToolChoice({
  toolChoice,
  maxToolsPerResponse,
  honoursToolChoice,
}: {
  toolChoice: ToolChoice | undefined;
  maxToolsPerResponse: number | undefined;
  honoursToolChoice: boolean;
}): OpenAIToolChoice {
  const parallel: { parallelToolCalls?: false } =
    maxToolsPerResponse !== undefined && maxToolsPerResponse <= 1 ? { parallelToolCalls: false } : {};
  if (toolChoice === undefined) return { sendTools: true, ...parallel, warnings: [] };
  const warnings: WarningPart[] =
    !honoursToolChoice && (toolChoice.type === 'required' || toolChoice.type === 'tool')
      ? [
          {
            type: 'warning',
            code: 'tool_choice_unsupported',
            message: `This server ignores tool_choice, so the model may not follow the forced choice ('${toolChoice.type}').`,
          },
        ]
      : [];
  switch (toolChoice.type) {
    case 'auto':
      return { sendTools: true, toolChoice: 'auto', ...parallel, warnings };
    case 'required':
      return { sendTools: true, toolChoice: 'required', ...parallel, warnings };
    case 'tool':
      return {
        sendTools: true,
        toolChoice: { type: 'function', function: { name: toolChoice.name } },
        ...parallel,
        warnings,
      };
    case 'none':
      return honoursToolChoice
        ? { sendTools: true, toolChoice: 'none', warnings }
        : { sendTools: false, warnings };
    default: {
      const unknownChoice: never = toolChoice;
      throw new Error(`Unknown tool choice ${JSON.stringify(unknownChoice)}`);
    }
  }
}
