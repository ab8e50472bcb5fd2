import { describe, expect, it } from 'vitest';
import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import type { Model } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { timersLeftBy } from '../../test/timers-left.js';
import { runToolLoop } from './run-tool-loop.js';

// How soon after its deadline a turn ends (under 20 ms at the median, 100 ms at worst) is measured by
// `pnpm bench --only timeout`, side by side over many runs: a timed bound here would fail on a loaded machine.
// These tests check that the turn ends, not before its deadline, and how.
const deadlineMs = 150;

/** A tool that never settles and ignores its abort signal: the worst case for a deadline. */
const deafTool = defineTool({
  name: 'deaf',
  inputSchema: { type: 'object' },
  execute: () => new Promise(() => undefined),
});

/** A model whose stream never yields and ignores its abort signal. */
const deafModel: Model = {
  provider: 'deaf',
  modelId: 'deaf-1',
  stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
};

/** Times a turn from before it starts: its deadline timer is set inside `runToolLoop` itself. */
async function timeTurn(start: () => ReturnType<typeof runToolLoop>) {
  const startedAt = performance.now();
  const outcome = await collectRun(start());
  return { ...outcome, elapsedMs: performance.now() - startedAt };
}

describe('the whole-turn timeout', () => {
  it('ends a turn whose tool hangs with `timeout`, not before the deadline', async () => {
    const model = createScriptedModel([{ toolCalls: [{ name: 'deaf', input: {} }] }]);
    const { events, result, elapsedMs } = await timeTurn(() =>
      runToolLoop({ model, tools: [deafTool], prompt: 'Q', timeoutMs: deadlineMs }),
    );

    expect(result.stopReason).toBe('timeout');
    expect(TurnTimeoutError.isInstance(result.error)).toBe(true);
    expect(elapsedMs).toBeGreaterThanOrEqual(deadlineMs - 1);
    expect(events).toContainEqual({
      type: 'error',
      code: 'timeout',
      message: `Stopped: the turn took longer than ${deadlineMs} ms`,
    });
    expect(result.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: [
        {
          isError: true,
          output: { content: [{ text: "Tool 'deaf' was cancelled: the turn ended before it finished." }] },
        },
      ],
    });
  });

  it('ends a turn whose model stream hangs, aborting the stream', async () => {
    let streamSignal: AbortSignal | undefined;
    const model = createScriptedModel((request) => {
      streamSignal = request.signal;
      return { hang: true };
    });
    const { result, elapsedMs } = await timeTurn(() =>
      runToolLoop({ model, prompt: 'Q', timeoutMs: deadlineMs }),
    );

    expect(result).toMatchObject({ stopReason: 'timeout', iterations: 1 });
    expect(elapsedMs).toBeGreaterThanOrEqual(deadlineMs - 1);
    expect(streamSignal?.aborted).toBe(true);
  });

  it('ends even when the model ignores its abort signal', async () => {
    const { result, elapsedMs } = await timeTurn(() =>
      runToolLoop({ model: deafModel, prompt: 'Q', timeoutMs: deadlineMs }),
    );

    expect(result.stopReason).toBe('timeout');
    expect(elapsedMs).toBeGreaterThanOrEqual(deadlineMs - 1);
  });

  it('leaves no timer behind: not the turn deadline, not the tool timeouts', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'deaf', input: {} },
          { name: 'deaf', input: {} },
        ],
      },
    ]);
    const { left } = await timersLeftBy(
      () =>
        runToolLoop({ model, tools: [deafTool], prompt: 'Q', timeoutMs: 50, toolTimeoutMs: 60_000 }).result,
    );

    expect(left).toBe(0);
  });

  it('leaves no timer behind after a turn that completes normally', async () => {
    const quick = defineTool({ name: 'quick', inputSchema: { type: 'object' }, execute: () => 'ok' });
    const model = createScriptedModel([{ toolCalls: [{ name: 'quick', input: {} }] }, { text: 'Done.' }]);
    const { left } = await timersLeftBy(
      () =>
        runToolLoop({ model, tools: [quick], prompt: 'Q', timeoutMs: 60_000, toolTimeoutMs: 60_000 }).result,
    );

    expect(left).toBe(0);
  });
});
