import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HookError } from '../errors/hook-error.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import type { ToolLoopOptions } from './tool-loop-options.js';
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
    ['a list of a name and something else', ['search', 2]],
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

describe('a hook that fails', () => {
  const fetchTool = defineTool({ name: 'fetch', inputSchema: z.object({}), execute: () => 'page' });

  it.each<[string, Partial<ToolLoopOptions>, string, string]>([
    [
      'prepareStep that throws',
      {
        prepareStep: () => {
          throw new Error('no plan');
        },
      },
      'prepareStep',
      'prepareStep threw: no plan',
    ],
    [
      'prepareStep whose activeTools is not a list of names',
      { prepareStep: () => ({ activeTools: 'search' as never }) },
      'prepareStep',
      'prepareStep returned activeTools that is not a list of tool names; give the names of the tools to offer, such as ["search"].',
    ],
    [
      'prepareStep naming two tools that do not exist, among two that do',
      { tools: [search, fetchTool], prepareStep: () => ({ activeTools: ['serch', 'fetsh'] }) },
      'prepareStep',
      'prepareStep named tools that do not exist in activeTools: serch, fetsh. Tools: search, fetch.',
    ],
    [
      'prepareStep naming a tool when there are none',
      { tools: [], prepareStep: () => ({ activeTools: ['search'] }) },
      'prepareStep',
      'prepareStep named tools that do not exist in activeTools: search. Tools: (none).',
    ],
    [
      'stopWhen that returns no stop decision',
      { stopWhen: (() => true) as unknown as StopCondition },
      'stopWhen',
      "stopWhen returned true, which is not a stop decision; return a stop reason such as 'answer_submitted' (or { reason, answer?, detail? }) to stop, or undefined to go on.",
    ],
    [
      'stopWhen that names a built-in stop reason',
      { stopWhen: () => 'max_rounds' },
      'stopWhen',
      "stopWhen returned the stop reason 'max_rounds', which is one of the loop’s own; name your own reason, such as 'answer_submitted'.",
    ],
    [
      'stopWhen that names a reason in camelCase',
      { stopWhen: () => 'answerSubmitted' },
      'stopWhen',
      "stopWhen returned the stop reason 'answerSubmitted', which is not snake_case (a-z, 0-9, _); name your own reason, such as 'answer_submitted'.",
    ],
    [
      'onStepFinish that throws',
      {
        onStepFinish: () => {
          throw new Error('log full');
        },
      },
      'onStepFinish',
      'onStepFinish threw: log full',
    ],
  ])('%s ends the turn with a HookError naming that hook', async (_case, options, hook, message) => {
    const result = await runToolLoop({ model: searchThenAnswer(), tools: [search], prompt: 'Q', ...options })
      .result;

    expect(result.stopReason).toBe('hook_error');
    expect(HookError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ hook, message });
  });

  it('throwing a HookError of its own, passes it on as it is', async () => {
    const own = new HookError({ hook: 'stopWhen', message: 'The nested turn could not decide.' });
    const result = await runToolLoop({
      model: searchThenAnswer(),
      tools: [search],
      prompt: 'Q',
      stopWhen: () => {
        throw own;
      },
    }).result;

    expect(result.stopReason).toBe('hook_error');
    expect(result.error).toBe(own);
  });
});

describe('a stopWhen that has nothing to say', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['false', false],
  ])('returning %s lets the turn go on', async (_case, decision) => {
    const result = await runToolLoop({
      model: searchThenAnswer(),
      tools: [search],
      prompt: 'Q',
      stopWhen: (() => decision) as unknown as StopCondition,
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Answer.' });
  });
});
