import { defineTool, runToolLoop, type LoopResult, type Model } from '@toolloop/core';
import { expect, vi } from 'vitest';
import { z } from 'zod';

/** What the model is told of a call whose arguments nest deeper than the loop takes. */
export const deepArgumentsError =
  "Invalid arguments for tool 'get_weather': the arguments are nested deeper than 128 levels";

/** The text every model of these tests answers once it has been told of the refused call. */
export const deepArgumentsAnswer = 'I will not nest so deep again.';

/**
 * Runs a turn in which `model` first calls `get_weather` with arguments nested too deep, then answers
 * `deepArgumentsAnswer`; checks that the turn completed, the tool never ran, and the call was answered with
 * `deepArgumentsError`. Gives the result for checks of the wire's own.
 */
export async function runWithDeepArguments(model: Model): Promise<LoopResult> {
  const execute = vi.fn(() => 'Sunny');
  const tool = defineTool({ name: 'get_weather', inputSchema: z.object({ city: z.string() }), execute });

  const result = await runToolLoop({ model, prompt: 'Weather?', tools: [tool], statusMessages: 'off' })
    .result;

  expect(result).toMatchObject({ stopReason: 'completed', text: deepArgumentsAnswer });
  expect(execute).not.toHaveBeenCalled();
  expect(result.toolCalls).toMatchObject([
    { isError: true, output: { content: [{ type: 'text', text: deepArgumentsError }] } },
  ]);
  return result;
}
