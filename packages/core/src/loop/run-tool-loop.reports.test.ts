import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel, type ModelScript } from '../testing/scripted-model.js';
import type { LoopEvent } from './loop-event.js';
import { runToolLoop } from './run-tool-loop.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});
const failing = defineTool({
  name: 'flaky_lookup',
  inputSchema: z.object({}),
  execute: () => {
    throw new Error('database unavailable');
  },
});
const searchCall = (query: string) => ({ toolCalls: [{ name: 'search', input: { query } }] });

/** The lines that say why the turn stopped: its `Stopped: …` status line and its error event (tool errors apart). */
function stopReports(events: LoopEvent[]) {
  return events.flatMap((event) =>
    (event.type === 'status' && event.message.startsWith('Stopped: ')) ||
    (event.type === 'error' && event.toolCallId === undefined)
      ? [event]
      : [],
  );
}

async function runReported(script: ModelScript, options: Partial<ToolLoopOptions> = {}) {
  const { events, result } = await collectRun(
    runToolLoop({ model: createScriptedModel(script), tools: [search, failing], prompt: 'Q', ...options }),
  );
  return { reports: stopReports(events), result, events };
}

describe('a turn that stops says why, in a status line and an error event', () => {
  it('consecutive_errors, counted in the singular', async () => {
    const { reports } = await runReported([{ toolCalls: [{ name: 'flaky_lookup', input: {} }] }], {
      maxConsecutiveErrors: 1,
    });

    expect(reports).toEqual([
      { type: 'status', message: 'Stopped: 1 tool call failed in a row' },
      { type: 'error', code: 'consecutive_errors', message: 'Stopped: 1 tool call failed in a row' },
    ]);
  });

  it('refusal', async () => {
    const { reports } = await runReported({ finishReason: 'refusal' });

    expect(reports).toEqual([
      { type: 'status', message: 'Stopped: the model declined to answer' },
      { type: 'error', code: 'refusal', message: 'Stopped: the model declined to answer' },
    ]);
  });

  it('max_tokens', async () => {
    const { reports } = await runReported({ text: 'Partial', finishReason: 'max_tokens' });

    expect(reports).toEqual([
      { type: 'status', message: "Stopped: the model's output reached its token limit" },
      { type: 'error', code: 'max_tokens', message: "Stopped: the model's output reached its token limit" },
    ]);
  });

  it('max_iterations, in the singular', async () => {
    const { reports } = await runReported([searchCall('a')], { maxIterations: 1 });

    expect(reports).toEqual([
      { type: 'status', message: 'Stopped: reached the limit of 1 model request' },
      { type: 'error', code: 'max_iterations', message: 'Stopped: reached the limit of 1 model request' },
    ]);
  });

  it('aborted, with the reason the caller gave', async () => {
    const model = createScriptedModel({ hang: true });
    const run = runToolLoop({ model, prompt: 'Q' });
    run.abort('the user left');
    const { events, result } = await collectRun(run);

    expect(result.stopReason).toBe('aborted');
    expect(stopReports(events)).toEqual([
      { type: 'status', message: 'Stopped: The turn was aborted by the caller: the user left.' },
      {
        type: 'error',
        code: 'aborted',
        message: 'Stopped: The turn was aborted by the caller: the user left.',
      },
    ]);
  });

  it('a tool-call limit, in a status line only: the refused call had its own error event', async () => {
    const perMessage = await runReported([searchCall('a'), searchCall('b'), { text: 'Done.' }], {
      maxToolCalls: 1,
    });
    const perSession = await runReported([searchCall('a'), { text: 'Done.' }], {
      maxToolCalls: { perSession: 1 },
      sessionToolCalls: 1,
    });

    expect(perMessage.result.stopReason).toBe('tool_limit');
    expect(perMessage.reports).toEqual([
      { type: 'status', message: 'Stopped: reached the limit of 1 tool call per message' },
    ]);
    expect(perSession.result.stopReason).toBe('session_tool_limit');
    expect(perSession.reports).toEqual([
      { type: 'status', message: 'Stopped: reached the limit of 1 tool call per session' },
    ]);
  });

  it('an own stop reason without a sentence is named by its reason', async () => {
    const { reports } = await runReported([searchCall('a')], { stopWhen: () => 'enough_found' });

    expect(reports).toEqual([
      { type: 'status', message: 'Stopped: enough_found' },
      { type: 'error', code: 'enough_found', message: 'Stopped: enough_found' },
    ]);
  });

  it('completed and max_rounds are answers, not stops: nothing is reported', async () => {
    const completed = await runReported({ text: 'Done.' });
    const capped = await runReported([searchCall('a'), { text: 'Done.' }], { maxRounds: 1 });

    expect(completed.result.stopReason).toBe('completed');
    expect(completed.reports).toEqual([]);
    expect(capped.result.stopReason).toBe('max_rounds');
    expect(capped.reports).toEqual([]);
  });

  it('with statusMessages off, the error event still comes, and the status line does not', async () => {
    const { reports, events } = await runReported({ finishReason: 'refusal' }, { statusMessages: 'off' });

    expect(reports).toEqual([
      { type: 'error', code: 'refusal', message: 'Stopped: the model declined to answer' },
    ]);
    expect(events.filter((event) => event.type === 'status')).toEqual([]);
  });
});

describe('a turn that waits for approval', () => {
  const remove = defineTool({
    name: 'remove_note',
    inputSchema: z.object({ id: z.string() }),
    needsApproval: true,
    execute: () => 'removed',
  });
  const removals = {
    toolCalls: [
      { name: 'remove_note', input: { id: 'a' } },
      { name: 'remove_note', input: { id: 'b' } },
    ],
  };

  it('names the tools it waits for once each, and is not an error', async () => {
    const { events } = await collectRun(
      runToolLoop({ model: createScriptedModel([removals]), tools: [remove], prompt: 'Q' }),
    );

    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.slice(-3)).toMatchObject([
      { type: 'status', message: 'Waiting for approval: Remove Note' },
      { type: 'approval-required', calls: [{ input: { id: 'a' } }, { input: { id: 'b' } }] },
      { type: 'done' },
    ]);
  });

  it('shows no status line with statusMessages off', async () => {
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel([removals]),
        tools: [remove],
        prompt: 'Q',
        statusMessages: 'off',
      }),
    );

    expect(events.map((event) => event.type)).toEqual(['approval-required', 'done']);
  });
});
