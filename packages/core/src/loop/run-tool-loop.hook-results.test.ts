import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HookError } from '../errors/hook-error.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import type { StopCondition } from './turn-hooks.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});
const searchThenAnswer = () =>
  createScriptedModel([{ toolCalls: [{ name: 'search', input: { query: 'a' } }] }, { text: 'Answer.' }]);

describe('what a hook returns is checked like its options', () => {
  it.each<[string, unknown, string]>([
    [
      'true',
      true,
      "stopWhen returned true, which is not a stop decision; return a stop reason such as 'answer_submitted' (or { reason, answer?, detail? }) to stop, or undefined to go on.",
    ],
    [
      'a decision without a reason',
      { answer: true },
      "stopWhen returned an object without a reason, which is not a stop decision; return a stop reason such as 'answer_submitted' (or { reason, answer?, detail? }) to stop, or undefined to go on.",
    ],
    [
      'a number',
      42,
      "stopWhen returned 42, which is not a stop decision; return a stop reason such as 'answer_submitted' (or { reason, answer?, detail? }) to stop, or undefined to go on.",
    ],
  ])(
    'a stopWhen that returns %s ends the turn with hook_error, never with no stop reason',
    async (_case, decision, message) => {
      const { events, result } = await collectRun(
        runToolLoop({
          model: searchThenAnswer(),
          tools: [search],
          prompt: 'Q',
          stopWhen: (() => decision) as unknown as StopCondition,
        }),
      );

      expect(result.stopReason).toBe('hook_error');
      expect(HookError.isInstance(result.error)).toBe(true);
      expect(result.error?.message).toBe(message);
      expect(events).toContainEqual({ type: 'error', code: 'hook_error', message: `Stopped: ${message}` });
    },
  );

  it.each<[string, unknown]>([
    ['a name', 'search'],
    ['a list of something else', [1, 2]],
  ])(
    'a prepareStep whose activeTools is %s ends the turn with hook_error, not a rejected result',
    async (_case, activeTools) => {
      const run = runToolLoop({
        model: searchThenAnswer(),
        tools: [search],
        prompt: 'Q',
        prepareStep: () => ({ activeTools: activeTools as string[] }),
      });

      const result = await run.result;
      expect(result.stopReason).toBe('hook_error');
      expect(result.error?.message).toBe(
        'prepareStep returned activeTools that is not a list of tool names; give the names of the tools to offer, such as ["search"].',
      );
    },
  );
});
