import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import type { PausedTurn } from './paused-turn.js';
import { runToolLoop } from './run-tool-loop.js';

const paid: string[] = [];
const refund = defineTool({
  name: 'refund',
  inputSchema: z.object({ orderId: z.string(), amount: z.number() }),
  // Small refunds go through; larger ones wait for a person.
  needsApproval: ({ amount }) => amount > 50,
  execute: ({ orderId, amount }) => {
    paid.push(`${orderId}:${amount}`);
    return `Refunded ${amount} for ${orderId}.`;
  },
});
const lookup = defineTool({
  name: 'lookup',
  inputSchema: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => `Order ${orderId}: 80 EUR.`,
});

const refundScript = () =>
  createScriptedModel([
    { toolCalls: [{ id: 'c1', name: 'lookup', input: { orderId: 'A-1' } }] },
    {
      text: 'I will refund it.',
      toolCalls: [
        { id: 'c2', name: 'refund', input: { orderId: 'A-1', amount: 80 } },
        { id: 'c3', name: 'lookup', input: { orderId: 'A-2' } },
      ],
    },
    { text: 'Done: refunded 80 EUR.' },
  ]);

describe('tool approval', () => {
  it('a call that needs approval ends the turn with approval_required; nothing of that response runs', async () => {
    paid.length = 0;
    const model = refundScript();
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [refund, lookup], prompt: 'Refund order A-1.' }),
    );

    expect(result.stopReason).toBe('approval_required');
    expect(paid).toEqual([]);
    expect(result.pendingApprovals).toEqual([
      { toolCallId: 'c2', name: 'refund', input: { orderId: 'A-1', amount: 80 } },
    ]);
    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['c1']);
    expect(events).toContainEqual({
      type: 'approval-required',
      calls: [{ toolCallId: 'c2', name: 'refund', input: { orderId: 'A-1', amount: 80 } }],
    });
    expect(events.at(-1)?.type).toBe('done');
    expect(model.requests).toHaveLength(2);
  });

  it('resumed with an approval, the call runs, the others of its response too, and the turn goes on', async () => {
    paid.length = 0;
    const model = refundScript();
    const paused = await runToolLoop({ model, tools: [refund, lookup], prompt: 'Refund order A-1.' }).result;
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [refund, lookup],
        resume: { turn: paused.pausedTurn as PausedTurn, decisions: { c2: { approved: true } } },
      }),
    );

    expect(paid).toEqual(['A-1:80']);
    expect(result).toMatchObject({
      stopReason: 'completed',
      text: 'Done: refunded 80 EUR.',
      rounds: 2,
      iterations: 3,
    });
    expect(result.toolCalls.map((call) => [call.toolCallId, call.executed])).toEqual([
      ['c1', true],
      ['c2', true],
      ['c3', true],
    ]);
    expect(events.filter((event) => event.type === 'tool-start').map((event) => event.toolCallId)).toEqual([
      'c2',
      'c3',
    ]);
  });

  it('a denial is a result the model reads, with the reason, and nothing runs', async () => {
    paid.length = 0;
    const model = refundScript();
    const paused = await runToolLoop({ model, tools: [refund, lookup], prompt: 'Refund order A-1.' }).result;
    const result = await runToolLoop({
      model,
      tools: [refund, lookup],
      resume: {
        turn: paused.pausedTurn as PausedTurn,
        decisions: { c2: { approved: false, reason: 'Refunds over 50 EUR go through the finance team.' } },
      },
    }).result;

    expect(paid).toEqual([]);
    expect(result.toolCalls[1]).toMatchObject({ toolCallId: 'c2', executed: false, isError: true });
    expect(result.toolCalls[1]?.output.content).toEqual([
      {
        type: 'text',
        text: 'Not executed: the user denied this call. Their reason: Refunds over 50 EUR go through the finance team.',
      },
    ]);
  });

  it('the paused turn is plain JSON, and the limits count as if the turn had not paused', async () => {
    const model = createScriptedModel((_request, index) =>
      index === 1
        ? { toolCalls: [{ id: 'big', name: 'refund', input: { orderId: 'A-1', amount: 99 } }] }
        : { toolCalls: [{ name: 'lookup', input: { orderId: `A-${index}` } }] },
    );
    const paused = await runToolLoop({ model, tools: [refund, lookup], prompt: 'Go', maxIterations: 3 })
      .result;
    const stored = JSON.parse(JSON.stringify(paused.pausedTurn)) as PausedTurn;
    const result = await runToolLoop({
      model,
      tools: [refund, lookup],
      maxIterations: 3,
      resume: { turn: stored, decisions: { big: { approved: true } } },
    }).result;

    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 3, rounds: 3 });
  });

  it('a host policy can require approval for any tool, such as those of MCP servers', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'x', name: 'lookup', input: { orderId: 'A-1' } }] },
    ]);
    const result = await runToolLoop({
      model,
      tools: [lookup],
      prompt: 'Go',
      needsApproval: ({ name }) => name === 'lookup',
    }).result;

    expect(result.stopReason).toBe('approval_required');
    expect(result.pendingApprovals?.map((call) => call.name)).toEqual(['lookup']);
  });

  it('resuming without a decision for every pending call is refused at once, naming the calls', async () => {
    const model = refundScript();
    const { pausedTurn: turn } = await runToolLoop({ model, tools: [refund, lookup], prompt: 'Refund A-1.' })
      .result;
    if (turn === undefined) throw new Error('The turn did not pause.');

    expect(() => runToolLoop({ model, tools: [refund, lookup], resume: { turn, decisions: {} } })).toThrow(
      "Invalid option 'resume.decisions': no decision for the pending call c2 (refund); approve or deny each.",
    );
    expect(() => runToolLoop({ model, tools: [refund, lookup], resume: { turn } })).toThrow(
      "Invalid option 'resume.decisions': the turn paused for approval: give a decision for each call that waits, c2 (refund), such as { c2: { approved: true } }.",
    );
  });
  it('a decision for a call that does not wait is refused at once, naming the calls that do', async () => {
    const paused = await runToolLoop({
      model: refundScript(),
      tools: [refund, lookup],
      prompt: 'Refund A-1.',
    }).result;

    expect(() =>
      runToolLoop({
        model: refundScript(),
        tools: [refund, lookup],
        resume: {
          turn: paused.pausedTurn as PausedTurn,
          decisions: { c2: { approved: true }, c9: { approved: false } },
        },
      }),
    ).toThrow(
      "Invalid option 'resume.decisions': no call waits for approval with the id c9; the calls that wait: c2 (refund).",
    );
  });

  it('a decision that is neither an approval nor a denial is refused at once', async () => {
    const paused = await runToolLoop({
      model: refundScript(),
      tools: [refund, lookup],
      prompt: 'Refund A-1.',
    }).result;

    expect(() =>
      runToolLoop({
        model: refundScript(),
        tools: [refund, lookup],
        resume: {
          turn: paused.pausedTurn as PausedTurn,
          decisions: { c2: { approved: 'yes' } } as unknown as Record<string, { approved: true }>,
        },
      }),
    ).toThrow(
      "Invalid option 'resume.decisions.c2': expected { approved: true } or { approved: false, reason?: string }.",
    );
  });

  it('the session token budget counts the tokens of the session before the turn, not what is passed on resume', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [{ id: 'big', name: 'refund', input: { orderId: 'A-1', amount: 99 } }],
        usage: { inputTokens: 30, outputTokens: 10 },
      },
      {
        toolCalls: [{ id: 'l2', name: 'lookup', input: { orderId: 'A-2' } }],
        usage: { inputTokens: 30, outputTokens: 10 },
      },
      { text: 'The last answer.', usage: { inputTokens: 30, outputTokens: 10 } },
    ]);
    const paused = await runToolLoop({
      model,
      tools: [refund, lookup],
      prompt: 'Go',
      tokenBudget: { perSession: 170 },
      sessionTokens: 50,
    }).result;
    const result = await runToolLoop({
      model,
      tools: [refund, lookup],
      tokenBudget: { perSession: 170 },
      // Ignored, even when it is not a count: the paused turn's is used.
      sessionTokens: -1,
      resume: { turn: paused.pausedTurn as PausedTurn, decisions: { big: { approved: true } } },
    }).result;

    // 50 before the turn + 40 + 40 = 130: room for one request of about 40, not for a round and an answer, so
    // the third request is the last answer. Counted from 0 instead of 50, the turn would have gone on.
    expect(result).toMatchObject({ stopReason: 'budget_exceeded', iterations: 3, sessionTokens: 170 });
    expect(model.requests[2]?.toolChoice).toEqual({ type: 'none' });
  });
});
