import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { markNotStarted } from '../tools/not-started.js';
import type { ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import type { LoopEvent } from './loop-event.js';
import { runToolLoop } from './run-tool-loop.js';

const failing = defineTool({
  name: 'fail',
  inputSchema: z.object({ n: z.number() }),
  execute: () => {
    throw new Error('down');
  },
});
const fails = (count: number) => ({
  toolCalls: Array.from({ length: count }, (_, n) => ({ name: 'fail', input: { n } })),
});

describe('the calls of one response', () => {
  it('run at once by default: a streak reached in the response does not stop calls already started', async () => {
    const result = await runToolLoop({
      model: createScriptedModel([fails(3)]),
      tools: [failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
    }).result;

    expect(result.stopReason).toBe('consecutive_errors');
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, true, true]);
  });

  it('one at a time, a call after the streak reached its limit does not start', async () => {
    const result = await runToolLoop({
      model: createScriptedModel([fails(3)]),
      tools: [failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      toolConcurrency: 1,
    }).result;

    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, true, false]);
  });

  it('side by side, a call that starts while an earlier one still runs is not refused for a streak after it', async () => {
    const slowMayFinish = createDeferred();
    const slow = defineTool({
      name: 'slow',
      inputSchema: z.object({}),
      execute: async () => {
        await slowMayFinish.promise;
        return 'slow';
      },
    });
    const quick = defineTool({ name: 'quick', inputSchema: z.object({}), execute: () => 'quick' });
    const run = runToolLoop({
      model: createScriptedModel([
        {
          toolCalls: [
            { id: 'a', name: 'slow', input: {} },
            { id: 'b', name: 'fail', input: { n: 1 } },
            { id: 'c', name: 'quick', input: {} },
          ],
        },
        { text: 'never asked' },
      ]),
      tools: [slow, failing, quick],
      prompt: 'Q',
      maxConsecutiveErrors: 1,
      toolConcurrency: 2,
    });
    for await (const event of run) {
      // The slow call ends only once the third call has its result, so it runs for the whole of the third.
      if (event.type === 'tool-result' && event.toolCallId === 'c') slowMayFinish.resolve();
    }
    const result = await run.result;

    expect(result.toolCalls.map((call) => [call.toolCallId, call.executed])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
    expect(result.stopReason).toBe('consecutive_errors');
  });

  it('a streak carried from an earlier round counts for the first call of this one', async () => {
    const result = await runToolLoop({
      model: createScriptedModel([fails(1), fails(2)]),
      tools: [failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      toolConcurrency: 1,
    }).result;

    expect(result.toolCalls.map((call) => [call.round, call.executed])).toEqual([
      [0, true],
      [1, true],
      [1, false],
    ]);
  });

  it('each get a tool-start then a tool-result with the round, and a failure its error event after the result', async () => {
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel([fails(1), { text: 'ok' }]),
        tools: [failing],
        prompt: 'Q',
        statusMessages: 'off',
      }),
    );

    expect(events.filter((event) => event.type !== 'content' && event.type !== 'done')).toMatchObject([
      { type: 'tool-start', toolCallId: 'call_1_1', name: 'fail', input: { n: 0 }, round: 0 },
      { type: 'tool-result', toolCallId: 'call_1_1', name: 'fail', isError: true, executed: true, round: 0 },
      {
        type: 'error',
        code: 'tool_error',
        message: "Tool 'fail' failed: down",
        toolName: 'fail',
        toolCallId: 'call_1_1',
      },
    ]);
  });
});

describe('the error event of a failed call', () => {
  it('carries the text the model reads, its text blocks one per line', async () => {
    const source: ToolSource = {
      listTools: () => Promise.resolve([{ name: 'lookup', inputSchema: { type: 'object' } }]),
      callTool: () =>
        Promise.resolve({
          isError: true,
          content: [
            { type: 'text', text: 'Not found.' },
            { type: 'image', data: 'AA==', mediaType: 'image/png' },
            { type: 'text', text: 'Try another id.' },
          ],
        }),
    };
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel([{ toolCalls: [{ name: 'lookup', input: {} }] }, { text: 'ok' }]),
        tools: [source],
        prompt: 'Q',
      }),
    );

    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'error',
        code: 'tool_error',
        message: 'Not found.\nTry another id.',
      }),
    );
  });

  it('carries no text of an embedded resource, only the text blocks', async () => {
    const source: ToolSource = {
      listTools: () => Promise.resolve([{ name: 'lookup', inputSchema: { type: 'object' } }]),
      callTool: () =>
        Promise.resolve({
          isError: true,
          content: [
            { type: 'resource', uri: 'file:///var/log/app.log', text: 'the whole log' },
            { type: 'text', text: 'Failed, see the log.' },
          ],
        }),
    };
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel([{ toolCalls: [{ name: 'lookup', input: {} }] }, { text: 'ok' }]),
        tools: [source],
        prompt: 'Q',
      }),
    );

    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'tool_error', message: 'Failed, see the log.' }),
    );
  });

  it('is not sent for a call the turn’s end cancelled: the turn reports its own end', async () => {
    const started = createDeferred();
    const hanging = defineTool({
      name: 'hang',
      inputSchema: z.object({}),
      execute: async (_input, { signal }) => {
        started.resolve();
        await new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new Error('cancelled'));
          });
        });
      },
    });
    const run = runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ name: 'hang', input: {} }] }]),
      tools: [hanging],
      prompt: 'Q',
    });
    const events: LoopEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'tool-start') {
        await started.promise;
        run.abort('enough');
      }
    }

    expect((await run.result).stopReason).toBe('aborted');
    expect(events.filter((event) => event.type === 'error').map((event) => event.code)).toEqual(['aborted']);
  });
});

describe('status lines of a round', () => {
  it('with statusMessages off, tools still run and nothing is announced', async () => {
    const echo = defineTool({ name: 'echo', inputSchema: z.object({}), execute: () => 'echo' });
    const { events, result } = await collectRun(
      runToolLoop({
        model: createScriptedModel([{ toolCalls: [{ name: 'echo', input: {} }] }, { text: 'ok' }]),
        tools: [echo],
        prompt: 'Q',
        statusMessages: 'off',
      }),
    );

    expect(result.toolCalls[0]?.executed).toBe(true);
    expect(events.filter((event) => event.type === 'status')).toEqual([]);
  });

  it('a failed call the loop refused itself is not announced as failed', async () => {
    const echo = defineTool({ name: 'echo', inputSchema: z.object({}), execute: () => 'echo' });
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel([{ toolCalls: [{ name: 'serch', input: {} }] }, { text: 'ok' }]),
        tools: [echo],
        prompt: 'Q',
      }),
    );

    expect(events.flatMap((event) => (event.type === 'status' ? [event.message] : []))).toEqual([
      'Analyzing request...',
      'Processing tool results...',
      'Formulating response...',
    ]);
  });
});

describe('how a call is reported', () => {
  const listing = () => Promise.resolve([{ name: 'lookup', inputSchema: { type: 'object' } }]);
  const lookupThenAnswer = () =>
    createScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', input: {} }] }, { text: 'ok' }]);

  it('its durationMs is the time the call took, within the time of the turn', async () => {
    const source: ToolSource = {
      listTools: listing,
      callTool: () => Promise.resolve({ content: [{ type: 'text', text: 'found' }] }),
    };
    const before = performance.now();
    const { events, result } = await collectRun(
      runToolLoop({ model: lookupThenAnswer(), tools: [source], prompt: 'Q' }),
    );
    const turnMs = performance.now() - before;
    const reported = [
      ...result.toolCalls.map((call) => call.durationMs),
      ...events.flatMap((event) => (event.type === 'tool-result' ? [event.durationMs] : [])),
    ];

    expect(reported).toHaveLength(2);
    for (const durationMs of reported) {
      expect(durationMs).toBeGreaterThanOrEqual(0);
      expect(durationMs).toBeLessThanOrEqual(Math.ceil(turnMs));
    }
  });

  it('a source whose callTool throws at once (no promise) fails the call with what it threw', async () => {
    const source: ToolSource = {
      listTools: listing,
      callTool: () => {
        throw new Error('Not connected.');
      },
    };
    const result = await runToolLoop({ model: lookupThenAnswer(), tools: [source], prompt: 'Q' }).result;

    expect(result.toolCalls[0]).toMatchObject({
      output: { content: [{ type: 'text', text: "Tool 'lookup' failed: Not connected." }], isError: true },
      executed: true,
    });
  });

  it('a failure its source marks as raised before the tool started is a call that did not run', async () => {
    const source: ToolSource = {
      listTools: listing,
      callTool: () => Promise.reject(markNotStarted(new Error('The server was not ready.'))),
    };
    const { events, result } = await collectRun(
      runToolLoop({ model: lookupThenAnswer(), tools: [source], prompt: 'Q' }),
    );
    const text = "Tool 'lookup' failed: The server was not ready.";

    expect(result.toolCalls[0]).toMatchObject({
      output: { content: [{ type: 'text', text }], isError: true },
      isError: true,
      executed: false,
    });
    expect(events).toContainEqual({
      type: 'error',
      code: 'tool_error',
      message: text,
      toolName: 'lookup',
      toolCallId: 'c1',
    });
  });
});
