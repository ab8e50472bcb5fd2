import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../model/messages.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel, type ScriptedResponse } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

let executions: string[] = [];
const lookup = defineTool({
  name: 'lookup',
  inputSchema: z.object({ key: z.string() }),
  execute: ({ key }) => {
    executions.push(key);
    return `value of ${key}`;
  },
});

const lookups = (...keys: string[]): ScriptedResponse => ({
  toolCalls: keys.map((key) => ({ name: 'lookup', input: { key } })),
});

describe('tool-call limits', () => {
  it('per message: the over-limit call is not executed, an error is streamed, and a final no-tools request answers', async () => {
    executions = [];
    const model = createScriptedModel([
      lookups('a', 'b'),
      lookups('c', 'd'),
      { text: 'Answer from a, b, c.' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [lookup], prompt: 'Q', maxToolCalls: 3 }),
    );

    expect(result).toMatchObject({
      stopReason: 'tool_limit',
      text: 'Answer from a, b, c.',
      sessionToolCalls: 3,
    });
    expect(executions).toEqual(['a', 'b', 'c']);
    expect(result.toolCalls.map((call) => [call.input, call.executed])).toEqual([
      [{ key: 'a' }, true],
      [{ key: 'b' }, true],
      [{ key: 'c' }, true],
      [{ key: 'd' }, false],
    ]);
    expect(events).toContainEqual({
      type: 'error',
      code: 'tool_limit',
      message: "Tool call limit reached (3 tool calls per message): 'lookup' was not executed.",
      toolName: 'lookup',
      toolCallId: 'call_2_2',
    });
    expect(model.requests[2]?.toolChoice).toEqual({ type: 'none' });
    expect(model.requests[2]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: [
        { isError: false },
        {
          isError: true,
          output: {
            content: [
              {
                type: 'text',
                text: 'Not executed: the limit of 3 tool calls per message was reached. Answer with the information you already have.',
              },
            ],
          },
        },
      ],
    });
  });

  it('per message: reaching the limit exactly is not a stop; only a call over it is', async () => {
    executions = [];
    const model = createScriptedModel([lookups('a', 'b'), { text: 'Done.' }]);
    const result = await runToolLoop({ model, tools: [lookup], prompt: 'Q', maxToolCalls: { perMessage: 2 } })
      .result;

    expect(result.stopReason).toBe('completed');
    expect(executions).toEqual(['a', 'b']);
  });

  it('per session: the count carries across turns and stops with session_tool_limit', async () => {
    executions = [];
    const limits = { maxToolCalls: { perMessage: 2, perSession: 3 } };
    const firstModel = createScriptedModel([lookups('a', 'b'), { text: 'First answer.' }]);
    const first = await runToolLoop({ model: firstModel, tools: [lookup], prompt: 'one', ...limits }).result;

    const secondModel = createScriptedModel([lookups('c'), lookups('d'), { text: 'Second answer.' }]);
    const second = await runToolLoop({
      model: secondModel,
      tools: [lookup],
      messages: first.messages,
      prompt: 'two',
      sessionToolCalls: first.sessionToolCalls,
      ...limits,
    }).result;

    expect(first).toMatchObject({ stopReason: 'completed', sessionToolCalls: 2 });
    expect(second).toMatchObject({
      stopReason: 'session_tool_limit',
      text: 'Second answer.',
      sessionToolCalls: 3,
    });
    expect(executions).toEqual(['a', 'b', 'c']);
    expect(secondModel.requests[2]?.toolChoice).toEqual({ type: 'none' });
  });

  it('per session: a session already at its limit refuses the first call of a turn', async () => {
    executions = [];
    const model = createScriptedModel([lookups('a'), { text: 'Without tools.' }]);
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [lookup],
        prompt: 'Q',
        maxToolCalls: { perSession: 5 },
        sessionToolCalls: 5,
      }),
    );

    expect(result.stopReason).toBe('session_tool_limit');
    expect(executions).toEqual([]);
    expect(result.toolCalls[0]?.output.content).toEqual([
      {
        type: 'text',
        text: 'Not executed: the limit of 5 tool calls per session was reached. Answer with the information you already have.',
      },
    ]);
    expect(events).toContainEqual({
      type: 'error',
      code: 'session_tool_limit',
      message: "Tool call limit reached (5 tool calls per session): 'lookup' was not executed.",
      toolName: 'lookup',
      toolCallId: 'call_1_1',
    });
  });

  it('maxToolsPerResponse: calls beyond it count toward no limit', async () => {
    executions = [];
    const model = createScriptedModel([lookups('first', 'second', 'third'), { text: 'Done.' }]);
    const result = await runToolLoop({ model, tools: [lookup], prompt: 'Q', maxToolsPerResponse: 1 }).result;

    expect(result).toMatchObject({ stopReason: 'completed', sessionToolCalls: 1 });
  });

  it('maxToolsPerResponse: calls beyond it stay in the transcript, answered without running, and are reported', async () => {
    executions = [];
    const model = createScriptedModel([lookups('first', 'second', 'third'), { text: 'Done.' }]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [lookup], prompt: 'Q', maxToolsPerResponse: 1 }),
    );

    expect(executions).toEqual(['first']);
    expect(model.requests[0]?.maxToolsPerResponse).toBe(1);
    const assistant = model.requests[1]?.messages[1] as Extract<Message, { role: 'assistant' }>;
    expect(assistant.content.filter((part) => part.type === 'tool-call')).toHaveLength(3);
    expect(events).toContainEqual({
      type: 'warning',
      code: 'tools_dropped',
      message:
        'The model asked for 3 tool calls in one response; at most 1 per response is taken up (maxToolsPerResponse), so these were not run: lookup, lookup.',
    });
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, false, false]);
  });

  it('maxToolsPerResponse above 1 names how many run', async () => {
    const model = createScriptedModel([lookups('a', 'b', 'c'), { text: 'Done.' }]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [lookup], prompt: 'Q', maxToolsPerResponse: 2 }),
    );

    expect(events).toContainEqual(
      expect.objectContaining({
        code: 'tools_dropped',
        message:
          'The model asked for 3 tool calls in one response; at most 2 per response are taken up (maxToolsPerResponse), so these were not run: lookup.',
      }),
    );
    expect(result.toolCalls[2]?.output.content).toEqual([
      {
        type: 'text',
        text: 'Not executed: only the first 2 tool calls of a response run (at most 2 per response). Call it again in your next response if you still need it.',
      },
    ]);
  });
});
