import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import type { LoopResult } from './loop-result.js';
import type { PausedTurn } from './paused-turn.js';
import { runToolLoop } from './run-tool-loop.js';

let executed: string[] = [];
const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => {
    executed.push(query);
    return `Results for ${query}`;
  },
});

const searchCall = (query: string) => ({ name: 'search', input: { query } });

/** What the model read for each call of the turn, in call order. */
const answers = (result: LoopResult) =>
  result.toolCalls.map((call) => ({
    name: call.name,
    text: call.output.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
    isError: call.isError,
    executed: call.executed,
  }));

describe('the explicit-stop tool', () => {
  it('is offered with a required reason and the default description', async () => {
    const model = createScriptedModel({ text: 'Done.' });
    await runToolLoop({ model, tools: [search], prompt: 'Q', explicitStop: true }).result;

    expect(model.requests[0]?.tools.at(-1)).toEqual({
      name: 'cannot_complete_task',
      description:
        'Call this only when you cannot complete the task with the tools and information available, after reasonable attempts. Say why in `reason`; the user will see it.',
      inputSchema: {
        type: 'object',
        properties: {
          reason: {
            type: 'string',
            description: 'Why the task cannot be completed, in a sentence or two for the user.',
          },
        },
        required: ['reason'],
      },
    });
  });

  it('takes its own name and description', async () => {
    const model = createScriptedModel([{ toolCalls: [{ name: 'give_up', input: { reason: 'No data.' } }] }]);
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      explicitStop: { toolName: 'give_up', description: 'Say you cannot.' },
    }).result;

    expect(model.requests[0]?.tools.at(-1)).toMatchObject({
      name: 'give_up',
      description: 'Say you cannot.',
    });
    expect(result).toMatchObject({ stopReason: 'gave_up', text: 'Unable to complete task: No data.' });
  });

  it('is not offered with explicitStop: false', async () => {
    const model = createScriptedModel({ text: 'Done.' });
    await runToolLoop({ model, tools: [search], prompt: 'Q', explicitStop: false }).result;

    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['search']);
  });

  it.each([
    ['a blank reason', { reason: '   ' }],
    ['no reason', {}],
    ['a reason that is not text', { reason: 42 }],
    ['an input that is a list', ['the archive is offline']],
    ['an input that is not an object', 'the archive is offline'],
    ['an input that is null', null],
  ])('with %s, the turn stops saying no reason was given', async (_case, input) => {
    const model = createScriptedModel([
      {
        parts: [
          { type: 'tool-call', id: 'stop_1', name: 'cannot_complete_task', input },
          { type: 'finish', finishReason: 'tool_calls', usage: { inputTokens: 1, outputTokens: 1 } },
        ],
      },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', explicitStop: true }),
    );

    expect(result).toMatchObject({ stopReason: 'gave_up', text: 'Unable to complete task: no reason given' });
    expect(events).toContainEqual({ type: 'error', code: 'gave_up', message: 'Stopped: no reason given' });
  });

  it('trims the reason, and follows the text the model had already written', async () => {
    const model = createScriptedModel([
      {
        text: 'Let me see.',
        toolCalls: [{ name: 'cannot_complete_task', input: { reason: '  Offline.  ' } }],
      },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', explicitStop: true }),
    );

    expect(result.text).toBe('Unable to complete task: Offline.');
    expect(events.filter((event) => event.type === 'content')).toEqual([
      { type: 'content', text: 'Let me see.' },
      { type: 'content', text: '\n\nUnable to complete task: Offline.' },
    ]);
  });

  it('answers every call of its response without running any', async () => {
    executed = [];
    const model = createScriptedModel([
      {
        toolCalls: [
          searchCall('a'),
          { name: 'cannot_complete_task', input: { reason: 'No.' } },
          searchCall('b'),
        ],
      },
    ]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', explicitStop: true }).result;

    expect(executed).toEqual([]);
    expect(answers(result)).toEqual([
      { name: 'search', text: 'Not executed: the task was stopped.', isError: true, executed: false },
      { name: 'cannot_complete_task', text: 'The task was stopped.', isError: false, executed: false },
      { name: 'search', text: 'Not executed: the task was stopped.', isError: true, executed: false },
    ]);
  });
});

describe('unknown tools', () => {
  it('with unknownTool: stop, the known calls of the response are answered without running', async () => {
    executed = [];
    const model = createScriptedModel([{ toolCalls: [searchCall('a'), { name: 'serch', input: {} }] }]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', unknownTool: 'stop' }).result;

    expect(executed).toEqual([]);
    expect(answers(result)).toEqual([
      {
        name: 'search',
        text: 'Not executed: the turn stopped because a tool call named an unknown tool.',
        isError: true,
        executed: false,
      },
      {
        name: 'serch',
        text: "Model called unknown tool 'serch'. Available tools: search.",
        isError: true,
        executed: false,
      },
    ]);
  });

  it('with no tools at all, the answer says none are available, in an error event the host sees too', async () => {
    const model = createScriptedModel([{ toolCalls: [{ name: 'search', input: {} }] }, { text: 'Sorry.' }]);
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Q' }));

    const text = "Model called unknown tool 'search'. Available tools: (none).";
    expect(answers(result)).toEqual([{ name: 'search', text, isError: true, executed: false }]);
    expect(events).toContainEqual({
      type: 'error',
      code: 'unknown_tool',
      message: text,
      toolName: 'search',
      toolCallId: 'call_1_1',
    });
  });

  it('the answer names every tool available', async () => {
    const fetchTool = defineTool({ name: 'fetch', inputSchema: z.object({}), execute: () => 'page' });
    const model = createScriptedModel([{ toolCalls: [{ name: 'serch', input: {} }] }, { text: 'Sorry.' }]);
    const result = await runToolLoop({ model, tools: [search, fetchTool], prompt: 'Q' }).result;

    expect(answers(result)[0]?.text).toBe(
      "Model called unknown tool 'serch'. Available tools: search, fetch.",
    );
  });

  it('count toward maxConsecutiveErrors', async () => {
    const unknown = { toolCalls: [{ name: 'serch', input: {} }] };
    const model = createScriptedModel([unknown, unknown, { text: 'never asked' }]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxConsecutiveErrors: 2 }).result;

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', iterations: 2 });
  });

  it('a tool that is gone when a paused turn resumes is an error result, not a crash', async () => {
    const remove = defineTool({
      name: 'remove',
      inputSchema: z.object({}),
      needsApproval: true,
      execute: () => 'removed',
    });
    const paused = await runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ id: 'r1', name: 'remove', input: {} }] }]),
      tools: [remove],
      prompt: 'Q',
    }).result;
    const pausedTurn = paused.pausedTurn;
    if (pausedTurn === undefined) throw new Error('The turn did not pause.');

    const { events, result } = await collectRun(
      runToolLoop({
        model: createScriptedModel({ text: 'It is gone.' }),
        tools: [search],
        resume: { turn: pausedTurn, decisions: { r1: { approved: true } } },
      }),
    );

    expect(result.stopReason).toBe('completed');
    expect(answers(result)).toEqual([
      { name: 'remove', text: "Tool 'remove' is no longer available.", isError: true, executed: false },
    ]);
    expect(result.toolCalls[0]?.output).toEqual({
      content: [{ type: 'text', text: "Tool 'remove' is no longer available." }],
      isError: true,
    });
    expect(events).toContainEqual({
      type: 'error',
      code: 'unknown_tool',
      message: "Tool 'remove' is no longer available.",
      toolName: 'remove',
      toolCallId: 'r1',
    });
  });
  it('a tool that is gone when a paused turn resumes counts toward maxConsecutiveErrors', async () => {
    const remove = defineTool({
      name: 'remove',
      inputSchema: z.object({}),
      needsApproval: true,
      execute: () => 'removed',
    });
    const paused = await runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ id: 'r1', name: 'remove', input: {} }] }]),
      tools: [remove],
      prompt: 'Q',
      maxConsecutiveErrors: 1,
    }).result;

    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [search],
      maxConsecutiveErrors: 1,
      resume: { turn: paused.pausedTurn as PausedTurn, decisions: { r1: { approved: true } } },
    }).result;

    expect(result.stopReason).toBe('consecutive_errors');
  });
});

describe('calls of a response that ends the turn', () => {
  it.each([
    [
      'max_tokens',
      "Not executed: the model's output was cut off by its token limit before the call was complete.",
    ],
    ['refusal', 'Not executed: the model refused.'],
  ] as const)('with %s, are answered without running', async (finishReason, text) => {
    executed = [];
    const model = createScriptedModel({ toolCalls: [searchCall('a')], finishReason });
    const { events, result } = await collectRun(runToolLoop({ model, tools: [search], prompt: 'Q' }));

    expect(result.stopReason).toBe(finishReason);
    expect(executed).toEqual([]);
    expect(answers(result)).toEqual([{ name: 'search', text, isError: true, executed: false }]);
    expect(
      events.filter((event) => event.type === 'tool-start' || event.type === 'tool-result'),
    ).toMatchObject([
      { type: 'tool-start', name: 'search', round: 0 },
      { type: 'tool-result', name: 'search', isError: true, executed: false, round: 0 },
    ]);
  });

  it('in the final answer after a cap, are answered without running', async () => {
    executed = [];
    const model = createScriptedModel([{ toolCalls: [searchCall('a')] }, { toolCalls: [searchCall('b')] }]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxRounds: 1 }).result;

    expect(result.stopReason).toBe('max_rounds');
    expect(executed).toEqual(['a']);
    expect(answers(result)[1]).toEqual({
      name: 'search',
      text: 'Not executed: no tool may be called in the final answer.',
      isError: true,
      executed: false,
    });
    expect(result.toolCalls[1]?.round).toBe(1);
  });
});
