import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolMessage } from '../model/messages.js';
import type { Model } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';
import type { ToolLoopRun } from './create-tool-loop-run.js';
import { runToolLoop } from './run-tool-loop.js';

const echo = defineTool({
  name: 'echo',
  inputSchema: z.object({ value: z.string() }),
  execute: ({ value }) => `echo ${value}`,
});

const failing = defineTool({
  name: 'fail',
  inputSchema: z.object({}),
  execute: () => {
    throw new Error('broken');
  },
});

/** For each call of the result, the tool events streamed for it, in order. */
function toolEventsByCall(events: LoopEvent[], result: LoopResult) {
  return result.toolCalls.map((call) =>
    events.flatMap((event) =>
      (event.type === 'tool-start' || event.type === 'tool-result') && event.toolCallId === call.toolCallId
        ? [event.type === 'tool-result' ? `${event.type}:${String(event.executed)}` : event.type]
        : [],
    ),
  );
}

describe('calls of a turn that has been aborted or timed out', () => {
  it('never start: with toolConcurrency 1, an abort during the first call leaves the others unrun', async () => {
    const started: string[] = [];
    const turn: { run?: ToolLoopRun } = {};
    const sideEffect = defineTool({
      name: 'send_email',
      inputSchema: z.object({ to: z.string() }),
      execute: ({ to }, { signal }) => {
        started.push(`${to}${signal.aborted ? ' (signal already aborted)' : ''}`);
        turn.run?.abort('user pressed stop');
        return 'sent';
      },
    });
    const model = createScriptedModel([
      {
        toolCalls: ['a', 'b', 'c'].map((to) => ({ id: to, name: 'send_email', input: { to } })),
      },
    ]);
    turn.run = runToolLoop({ model, tools: [sideEffect], prompt: 'Q', toolConcurrency: 1 });
    const { events, result } = await collectRun(turn.run);

    expect(started).toEqual(['a']);
    expect(result.stopReason).toBe('aborted');
    expect(result.toolCalls.map((call) => [call.toolCallId, call.executed])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    expect(result.toolCalls[1]?.output.content).toEqual([
      { type: 'text', text: "Not executed: the turn was aborted before 'send_email' started." },
    ]);
    expect(toolEventsByCall(events, result)).toEqual([
      ['tool-start', 'tool-result:true'],
      ['tool-start', 'tool-result:false'],
      ['tool-start', 'tool-result:false'],
    ]);
    const lastMessage = result.messages.at(-1) as ToolMessage;
    expect(lastMessage.content.map((part) => part.toolCallId)).toEqual(['a', 'b', 'c']);
  });

  it('never start after the turn timed out', async () => {
    const started: string[] = [];
    const slow = defineTool({
      name: 'slow',
      inputSchema: z.object({ n: z.number() }),
      execute: ({ n }, { signal }) => {
        started.push(String(n));
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new Error('stopped'));
          });
        });
      },
    });
    const model = createScriptedModel([{ toolCalls: [1, 2].map((n) => ({ name: 'slow', input: { n } })) }]);
    const result = await runToolLoop({
      model,
      tools: [slow],
      prompt: 'Q',
      toolConcurrency: 1,
      timeoutMs: 20,
    }).result;

    expect(started).toEqual(['1']);
    expect(result.stopReason).toBe('timeout');
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, false]);
    expect(result.toolCalls[1]?.output.content).toEqual([
      { type: 'text', text: "Not executed: the turn timed out before 'slow' started." },
    ]);
  });
});

describe('tool-call ids', () => {
  it('repeated ids in one response: each call gets its own result, by position, and a warning says so', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'call_0', name: 'echo', input: { value: 'first' } },
          { id: 'call_0', name: 'echo', input: { value: 'second' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [echo], prompt: 'Q' }));

    const sent = model.requests[1]?.messages ?? [];
    const assistant = sent.at(-2);
    const results = sent.at(-1) as ToolMessage;
    const callIds =
      assistant?.role === 'assistant'
        ? assistant.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : []))
        : [];
    expect(new Set(callIds).size).toBe(2);
    expect(results.content.map((part) => part.toolCallId)).toEqual(callIds);
    expect(results.content.map((part) => part.output.content)).toEqual([
      [{ type: 'text', text: 'echo first' }],
      [{ type: 'text', text: 'echo second' }],
    ]);
    expect(result.toolCalls.map((call) => call.output.content)).toEqual([
      [{ type: 'text', text: 'echo first' }],
      [{ type: 'text', text: 'echo second' }],
    ]);
    expect(events).toContainEqual({
      type: 'warning',
      code: 'duplicate_tool_call_id',
      message: `The model gave more than one tool call the id 'call_0'; the repeats were renamed ${callIds[1] ?? ''} so that each call gets its own result.`,
    });
  });

  it('an id the transcript already holds is renamed too, so results never pair with an earlier call', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'call_0', name: 'echo', input: { value: 'a' } }] },
      { toolCalls: [{ id: 'call_0', name: 'echo', input: { value: 'b' } }] },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [echo], prompt: 'Q' }).result;

    const ids = result.toolCalls.map((call) => call.toolCallId);
    expect(ids[0]).toBe('call_0');
    expect(new Set(ids).size).toBe(2);
  });

  it('an id of the conversation a turn is given (an earlier turn) is renamed too', async () => {
    const first = await runToolLoop({
      model: createScriptedModel([
        { toolCalls: [{ id: 'call_0', name: 'echo', input: { value: 'a' } }] },
        { text: 'First done.' },
      ]),
      tools: [echo],
      prompt: 'Q',
    }).result;
    const model = createScriptedModel([
      { toolCalls: [{ id: 'call_0', name: 'echo', input: { value: 'b' } }] },
      { text: 'Second done.' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [echo],
        messages: [...first.messages, { role: 'user', content: 'Again.' }],
      }),
    );

    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['call_0_2']);
    expect(events).toContainEqual({
      type: 'warning',
      code: 'duplicate_tool_call_id',
      message:
        "The model gave more than one tool call the id 'call_0'; the repeats were renamed call_0_2 so that each call gets its own result.",
    });
  });

  it('renames only the calls of a response with a repeated id: its text and thinking stay as they came', async () => {
    const model: Model = {
      provider: 'custom',
      modelId: 'interleaved',
      requests: 0,
      async *stream() {
        this.requests += 1;
        if (this.requests > 1) {
          yield { type: 'text', text: 'Done.' };
          yield { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } };
          return;
        }
        yield { type: 'text', text: 'First, ' };
        yield { type: 'tool-call', id: 'call_0', name: 'echo', input: { value: 'a' } };
        yield { type: 'thinking', text: 'And again.', providerData: { signature: 's' } };
        yield { type: 'text', text: 'then ' };
        yield { type: 'tool-call', id: 'call_0', name: 'echo', input: { value: 'b' } };
        yield { type: 'finish', finishReason: 'tool_calls', usage: { inputTokens: 1, outputTokens: 1 } };
      },
    } as Model & { requests: number };
    const { events, result } = await collectRun(runToolLoop({ model, tools: [echo], prompt: 'Q' }));

    expect(result.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'First, ' },
        { type: 'tool-call', id: 'call_0', name: 'echo', input: { value: 'a' } },
        { type: 'thinking', text: 'And again.', providerData: { signature: 's' } },
        { type: 'text', text: 'then ' },
        { type: 'tool-call', id: 'call_0_2', name: 'echo', input: { value: 'b' } },
      ],
    });
    expect(events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        code: 'duplicate_tool_call_id',
        message:
          "The model gave more than one tool call the id 'call_0'; the repeats were renamed call_0_2 so that each call gets its own result.",
      },
    ]);
  });

  it('warns of nothing dropped when a response holds exactly maxToolsPerResponse calls', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'echo', input: { value: 'a' } },
          { name: 'echo', input: { value: 'b' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [echo], prompt: 'Q', maxToolsPerResponse: 2 }),
    );

    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, true]);
  });
});

describe('maxConsecutiveErrors counts failures in call order, across rounds', () => {
  const failCall = { name: 'fail', input: {} };
  const okCall = { name: 'echo', input: { value: 'ok' } };

  it.each([
    ['fail, fail, ok', [failCall, failCall, okCall]],
    ['ok, fail, fail', [okCall, failCall, failCall]],
  ])('stops when the streak reaches the limit anywhere in a response (%s)', async (_name, toolCalls) => {
    const model = createScriptedModel([{ toolCalls }, { text: 'never asked' }]);
    const result = await runToolLoop({ model, tools: [echo, failing], prompt: 'Q', maxConsecutiveErrors: 2 })
      .result;

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', rounds: 1, iterations: 1 });
  });

  it('counts a streak that runs from the end of one round into the next', async () => {
    const model = createScriptedModel([
      { toolCalls: [okCall, failCall] },
      { toolCalls: [failCall, okCall] },
      { text: 'never asked' },
    ]);
    const result = await runToolLoop({ model, tools: [echo, failing], prompt: 'Q', maxConsecutiveErrors: 2 })
      .result;

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', rounds: 2 });
  });

  it('three rounds of [fail, fail, fail, ok] stop in the first round', async () => {
    const round = { toolCalls: [failCall, failCall, failCall, okCall] };
    const model = createScriptedModel([round, round, round, { text: 'never asked' }]);
    const result = await runToolLoop({ model, tools: [echo, failing], prompt: 'Q' }).result;

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', rounds: 1 });
  });

  it('a call the loop refused neither extends nor breaks the streak', async () => {
    const model = createScriptedModel([
      { toolCalls: [failCall] },
      { toolCalls: [failCall, okCall] },
      { text: 'never asked' },
    ]);
    const result = await runToolLoop({
      model,
      tools: [echo, failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      maxToolsPerResponse: 1,
    }).result;

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', rounds: 2 });
    expect(result.toolCalls.map((call) => [call.name, call.executed])).toEqual([
      ['fail', true],
      ['fail', true],
      ['echo', false],
    ]);
  });

  it('calls refused after a failure do not extend the streak', async () => {
    const model = createScriptedModel([{ toolCalls: [failCall, okCall, okCall] }, { text: 'Done.' }]);
    const result = await runToolLoop({
      model,
      tools: [echo, failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      maxToolsPerResponse: 1,
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Done.' });
  });

  it('a call refused between two failures does not end the streak', async () => {
    const model = createScriptedModel([
      { toolCalls: [failCall, okCall] },
      { toolCalls: [failCall] },
      { text: 'never asked' },
    ]);
    const result = await runToolLoop({
      model,
      tools: [echo, failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      maxToolsPerResponse: 1,
    }).result;

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', rounds: 2 });
  });
});

describe('every call gets one tool-start and one tool-result, in that order', () => {
  const giveUp = { name: 'cannot_complete_task', input: { reason: 'no access' } };

  it.each<[string, Parameters<typeof createScriptedModel>[0], Partial<Parameters<typeof runToolLoop>[0]>]>([
    ['an unknown tool', [{ toolCalls: [{ name: 'serch', input: {} }] }, { text: 'ok' }], {}],
    [
      'an unknown tool under unknownTool: stop',
      [
        {
          toolCalls: [
            { name: 'serch', input: {} },
            { name: 'echo', input: { value: 'a' } },
          ],
        },
      ],
      { unknownTool: 'stop' },
    ],
    [
      'a call over the tool-call limit',
      [{ toolCalls: [1, 2].map((n) => ({ name: 'echo', input: { value: String(n) } })) }, { text: 'ok' }],
      { maxToolCalls: 1 },
    ],
    [
      'a call beyond maxToolsPerResponse',
      [{ toolCalls: [1, 2].map((n) => ({ name: 'echo', input: { value: String(n) } })) }, { text: 'ok' }],
      { maxToolsPerResponse: 1 },
    ],
    [
      'the give-up call',
      [{ toolCalls: [giveUp, { name: 'echo', input: { value: 'a' } }] }],
      { explicitStop: true },
    ],
    [
      'a call cut off by max_tokens',
      [{ toolCalls: [{ name: 'echo', rawInput: '{"value": "a' }], finishReason: 'max_tokens' }],
      {},
    ],
    ['invalid arguments', [{ toolCalls: [{ name: 'echo', input: { value: 1 } }] }, { text: 'ok' }], {}],
    [
      'arguments that are not JSON',
      [{ toolCalls: [{ name: 'echo', rawInput: '{"va' }] }, { text: 'ok' }],
      {},
    ],
  ])('%s', async (_name, script, options) => {
    const model = createScriptedModel(script);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [echo], prompt: 'Q', ...options }),
    );

    expect(result.toolCalls.length).toBeGreaterThan(0);
    expect(toolEventsByCall(events, result)).toEqual(
      result.toolCalls.map((call) => ['tool-start', `tool-result:${String(call.executed)}`]),
    );
    expect(result.toolCalls.filter((call) => !call.executed).length).toBeGreaterThan(0);
  });

  it('a call whose arguments fail validation is reported as not executed', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'echo', input: { value: 1 } }] },
      { text: 'ok' },
    ]);
    const result = await runToolLoop({ model, tools: [echo], prompt: 'Q' }).result;

    expect(result.toolCalls[0]).toMatchObject({ executed: false, isError: true });
  });
});

describe('maxToolsPerResponse', () => {
  it('keeps the whole response, interleaved thinking included, and tells the model why a call did not run', async () => {
    const model = createScriptedModel([
      {
        parts: [
          { type: 'thinking', text: 'First read.', providerData: { signature: 's1' } },
          { type: 'tool-call', id: 'a', name: 'echo', input: { value: 'a' } },
          { type: 'thinking', text: 'Then write.', providerData: { signature: 's2' } },
          { type: 'tool-call', id: 'b', name: 'echo', input: { value: 'b' } },
          { type: 'finish', finishReason: 'tool_calls', usage: { inputTokens: 1, outputTokens: 1 } },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [echo], prompt: 'Q', maxToolsPerResponse: 1 }),
    );

    const sent = model.requests[1]?.messages ?? [];
    expect(sent.at(-2)).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', text: 'First read.', providerData: { signature: 's1' } },
        { type: 'tool-call', id: 'a', name: 'echo', input: { value: 'a' } },
        { type: 'thinking', text: 'Then write.', providerData: { signature: 's2' } },
        { type: 'tool-call', id: 'b', name: 'echo', input: { value: 'b' } },
      ],
    });
    expect(
      (sent.at(-1) as ToolMessage).content.map((part) => [part.toolCallId, part.output.content]),
    ).toEqual([
      ['a', [{ type: 'text', text: 'echo a' }]],
      [
        'b',
        [
          {
            type: 'text',
            text: 'Not executed: only the first tool call of a response runs (at most 1 per response). Call it again in your next response if you still need it.',
          },
        ],
      ],
    ]);
    expect(result.toolCalls.map((call) => [call.toolCallId, call.executed])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(events).toContainEqual({
      type: 'warning',
      code: 'tools_dropped',
      message:
        'The model asked for 2 tool calls in one response; at most 1 per response is taken up (maxToolsPerResponse), so these were not run: echo.',
    });
  });
});

describe('many calls in one response', () => {
  it('500 parallel calls run without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => {
      warnings.push(`${warning.name}: ${warning.message}`);
    };
    process.on('warning', onWarning);
    try {
      const toolCalls = Array.from({ length: 500 }, (_unused, index) => ({
        name: 'echo',
        input: { value: String(index) },
      }));
      const model = createScriptedModel([{ toolCalls }, { text: 'Done.' }]);
      const result = await runToolLoop({ model, tools: [echo], prompt: 'Q' }).result;
      // Node emits its warnings on a later tick; let them arrive before looking.
      await new Promise((resolve) => setImmediate(resolve));

      expect(result.toolCalls).toHaveLength(500);
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
