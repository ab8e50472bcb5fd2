import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HookError } from '../errors/hook-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { defineTool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel, type ScriptedResponse } from '../testing/scripted-model.js';
import type { LoopResult } from './loop-result.js';
import type { ApprovalDecision, PausedTurn } from './paused-turn.js';
import { runToolLoop } from './run-tool-loop.js';

let ran: string[] = [];
const toolWith = (
  name: string,
  needsApproval: boolean | ((input: { amount: number }) => boolean) | undefined,
) =>
  defineTool({
    name,
    inputSchema: z.object({ amount: z.number() }),
    ...(needsApproval === undefined ? {} : { needsApproval }),
    execute: ({ amount }) => {
      ran.push(`${name}:${amount}`);
      return 'done';
    },
  });

const call = (name: string, input: unknown, id = `${name}-call`): ScriptedResponse => ({
  toolCalls: [{ id, name, input: input as never }],
});

const textOf = (result: LoopResult, index: number) =>
  result.toolCalls[index]?.output.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

async function pauseThenResume({
  decision,
  tools,
}: {
  decision: ApprovalDecision;
  tools: Parameters<typeof runToolLoop>[0]['tools'];
}): Promise<LoopResult> {
  const model = createScriptedModel([call('pay', { amount: 80 }), { text: 'Answered.' }]);
  const paused = await runToolLoop({ model, tools, prompt: 'Q' }).result;
  return runToolLoop({
    model,
    tools,
    resume: { turn: paused.pausedTurn as PausedTurn, decisions: { 'pay-call': decision } },
  }).result;
}

describe("a tool's own needsApproval", () => {
  it('false, or no rule at all, lets the call run without asking', async () => {
    ran = [];
    for (const rule of [false, undefined]) {
      const result = await runToolLoop({
        model: createScriptedModel([call('pay', { amount: 80 }), { text: 'Paid.' }]),
        tools: [toolWith('pay', rule)],
        prompt: 'Q',
      }).result;
      expect(result.stopReason).toBe('completed');
    }

    expect(ran).toEqual(['pay:80', 'pay:80']);
  });

  it('reads the validated input: a call whose input does not validate is not held, and fails without running', async () => {
    ran = [];
    let asked = 0;
    const pay = toolWith('pay', () => {
      asked += 1;
      return true;
    });
    const result = await runToolLoop({
      model: createScriptedModel([call('pay', { amount: 'eighty' }), { text: 'Sorry.' }]),
      tools: [pay],
      prompt: 'Q',
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(asked).toBe(0);
    expect(ran).toEqual([]);
    expect(result.toolCalls[0]).toMatchObject({ isError: true, executed: false });
  });

  it('is not asked for a call the loop refuses anyway', async () => {
    let asked = 0;
    const pay = toolWith('pay', () => {
      asked += 1;
      return true;
    });
    const result = await runToolLoop({
      model: createScriptedModel([call('pay', { amount: 1 }), { text: 'Over the limit.' }]),
      tools: [pay],
      prompt: 'Q',
      maxToolCalls: { perSession: 0 },
    }).result;

    expect(result.stopReason).toBe('session_tool_limit');
    expect(asked).toBe(0);
  });

  it('is asked only about the calls that will run, not about one the loop refuses beside them', async () => {
    const asked: number[] = [];
    const pay = toolWith('pay', ({ amount }) => {
      asked.push(amount);
      return true;
    });
    const result = await runToolLoop({
      model: createScriptedModel([
        {
          toolCalls: [
            { id: 'a', name: 'pay', input: { amount: 1 } },
            { id: 'b', name: 'pay', input: { amount: 2 } },
          ],
        },
      ]),
      tools: [pay],
      prompt: 'Q',
      maxToolsPerResponse: 1,
    }).result;

    expect(asked).toEqual([1]);
    expect(result.stopReason).toBe('approval_required');
    expect(result.pendingApprovals).toEqual([{ toolCallId: 'a', name: 'pay', input: { amount: 1 } }]);
  });

  it('that throws ends the turn with hook_error, naming the tool', async () => {
    const pay = toolWith('pay', () => {
      throw new Error('policy service down');
    });
    const { events, result } = await collectRun(
      runToolLoop({ model: createScriptedModel([call('pay', { amount: 1 })]), tools: [pay], prompt: 'Q' }),
    );

    expect(result.stopReason).toBe('hook_error');
    expect(HookError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe("needsApproval threw for 'pay': policy service down");
    expect(events).toContainEqual({
      type: 'error',
      code: 'hook_error',
      message: "Stopped: needsApproval threw for 'pay': policy service down",
    });
  });

  it('that throws leaves no call unanswered: the transcript can go on in the next turn', async () => {
    const pay = toolWith('pay', () => {
      throw new Error('policy service down');
    });
    const { events, result } = await collectRun(
      runToolLoop({ model: createScriptedModel([call('pay', { amount: 1 })]), tools: [pay], prompt: 'Q' }),
    );

    expect(result.stopReason).toBe('hook_error');
    expect(result.messages.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'pay-call',
          toolName: 'pay',
          output: {
            content: [{ type: 'text', text: 'Not executed: the turn stopped before this call ran.' }],
            isError: true,
          },
          isError: true,
        },
      ],
    });
    expect(result.toolCalls).toMatchObject([{ name: 'pay', executed: false, isError: true }]);
    expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(1);
  });
});

describe('the host’s needsApproval policy', () => {
  it('is asked with the name and input of each call, and a false answer lets the tool’s own rule decide', async () => {
    const asked: unknown[] = [];
    const result = await runToolLoop({
      model: createScriptedModel([call('pay', { amount: 80 })]),
      tools: [toolWith('pay', true)],
      prompt: 'Q',
      needsApproval: (request) => {
        asked.push(request);
        return false;
      },
    }).result;

    expect(asked).toEqual([{ name: 'pay', input: { amount: 80 } }]);
    expect(result.stopReason).toBe('approval_required');
  });

  it('answering false runs calls to tools without a rule of their own: a tool source’s, and a local one’s set to false', async () => {
    ran = [];
    const local = toolWith('pay', false);
    const source: ToolSource = {
      listTools: () => Promise.resolve([{ name: 'refund', inputSchema: { type: 'object' } }]),
      callTool: ({ name, input }) => {
        ran.push(`${name}:${JSON.stringify(input)}`);
        return Promise.resolve({ content: [{ type: 'text', text: 'refunded' }] });
      },
    };
    const result = await runToolLoop({
      model: createScriptedModel([
        {
          toolCalls: [
            { id: 'a', name: 'refund', input: { amount: 5 } },
            { id: 'b', name: 'pay', input: { amount: 80 } },
          ],
        },
        { text: 'Done.' },
      ]),
      tools: [source, local],
      prompt: 'Q',
      needsApproval: () => false,
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(ran).toEqual(['refund:{"amount":5}', 'pay:80']);
  });

  it('is not asked about the calls after one during which the turn was aborted', async () => {
    const asked: string[] = [];
    const turn: { run?: ReturnType<typeof runToolLoop> } = {};
    turn.run = runToolLoop({
      model: createScriptedModel([
        {
          toolCalls: [
            { id: 'a', name: 'pay', input: { amount: 1 } },
            { id: 'b', name: 'pay', input: { amount: 2 } },
          ],
        },
      ]),
      tools: [toolWith('pay', undefined)],
      prompt: 'Q',
      needsApproval: ({ input }) => {
        asked.push(JSON.stringify(input));
        turn.run?.abort('The user left.');
        return false;
      },
    });
    const result = await turn.run.result;

    expect(asked).toEqual(['{"amount":1}']);
    expect(result.stopReason).toBe('aborted');
    expect(result.toolCalls.map((call) => call.executed)).toEqual([false, false]);
  });
});

describe('a denial', () => {
  it.each([
    ['no reason', { approved: false }],
    ['a blank reason', { approved: false, reason: '  ' }],
  ] as const)('with %s tells the model only that the user denied the call', async (_case, decision) => {
    ran = [];
    const result = await pauseThenResume({ decision, tools: [toolWith('pay', true)] });

    expect(ran).toEqual([]);
    expect(textOf(result, 0)).toBe('Not executed: the user denied this call.');
    expect(result.toolCalls[0]).toMatchObject({ isError: true, executed: false });
  });

  it('trims the reason it passes on', async () => {
    const result = await pauseThenResume({
      decision: { approved: false, reason: '  Too much.  ' },
      tools: [toolWith('pay', true)],
    });

    expect(textOf(result, 0)).toBe('Not executed: the user denied this call. Their reason: Too much.');
  });
});

describe('a resumed turn', () => {
  it('is refused unless it is a checkpoint or a paused turn this version reads', () => {
    const model = createScriptedModel({ text: 'never' });
    const turns = [
      { version: 2, messages: [], pendingApprovals: [], counters: {} },
      { version: 2, messages: {}, state: {}, features: {} },
      { version: 1, messages: {}, pendingApprovals: [], counters: {} },
      { version: 1, messages: [], pendingApprovals: {}, counters: {} },
      { version: 1, messages: [], pendingApprovals: [], counters: null },
      { version: 1, messages: [], pendingApprovals: [], counters: 'none' },
    ];

    for (const turn of turns) {
      expect(() =>
        runToolLoop({ model, resume: { turn: turn as unknown as PausedTurn, decisions: {} } }),
      ).toThrow(
        new InvalidArgumentError({
          argument: 'resume.turn',
          message:
            'expected a checkpoint of the turn (from onCheckpoint), or the pausedTurn of a result that stopped with approval_required.',
        }),
      );
    }
  });

  it('is refused unless its transcript ends with the message whose calls wait', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'p1', name: 'pay', input: { amount: 80 } },
          { id: 'p2', name: 'pay', input: { amount: 90 } },
        ],
      },
    ]);
    const paused = await runToolLoop({ model, tools: [toolWith('pay', true)], prompt: 'Q' }).result;
    const turn = paused.pausedTurn as PausedTurn;
    const decisions = { p1: { approved: true as const }, p2: { approved: true as const } };
    const edited: PausedTurn[] = [
      { ...turn, messages: [...turn.messages, { role: 'user', content: 'Are you done?' }] },
      { ...turn, messages: turn.messages.slice(0, -1) },
      {
        ...turn,
        messages: [
          ...turn.messages.slice(0, -1),
          { role: 'assistant', content: [{ type: 'text', text: 'Hm.' }] },
        ],
      },
      { ...turn, pendingApprovals: [...turn.pendingApprovals, { toolCallId: 'p3', name: 'pay', input: {} }] },
      { ...turn, pendingApprovals: [] },
    ];

    for (const edit of edited) {
      const resumeDecisions = edit.pendingApprovals.some((call) => call.toolCallId === 'p3')
        ? { ...decisions, p3: { approved: true as const } }
        : edit.pendingApprovals.length === 0
          ? {}
          : decisions;
      expect(() =>
        runToolLoop({
          model,
          tools: [toolWith('pay', true)],
          resume: { turn: edit, decisions: resumeDecisions },
        }),
      ).toThrow(
        new InvalidArgumentError({
          argument: 'resume.turn',
          message:
            'expected the pausedTurn of a result that stopped with approval_required, whose transcript ends with the assistant message holding the calls that wait.',
        }),
      );
    }
    expect(() =>
      runToolLoop({
        model,
        tools: [toolWith('pay', true)],
        resume: { turn: { ...turn, messages: [] }, decisions },
      }),
    ).toThrow(
      new InvalidArgumentError({
        argument: 'resume.turn.messages',
        message: 'a checkpoint holds the transcript of its turn, the prompt at least; this one holds none.',
      }),
    );
  });

  it('is refused with a prompt or messages: it continues its own transcript', async () => {
    const model = createScriptedModel([call('pay', { amount: 80 })]);
    const paused = await runToolLoop({ model, tools: [toolWith('pay', true)], prompt: 'Q' }).result;
    const resume = {
      turn: paused.pausedTurn as PausedTurn,
      decisions: { 'pay-call': { approved: true as const } },
    };

    for (const extra of [{ prompt: 'More' }, { messages: [] }]) {
      expect(() => runToolLoop({ model, tools: [toolWith('pay', true)], resume, ...extra })).toThrow(
        "Invalid option 'resume': a resumed turn continues the paused transcript: give neither messages nor prompt with it.",
      );
    }
  });

  it('refuses decisions that are not an object of decisions by id', async () => {
    const model = createScriptedModel([call('pay', { amount: 80 })]);
    const paused = await runToolLoop({ model, tools: [toolWith('pay', true)], prompt: 'Q' }).result;

    for (const decisions of [null, [], 'yes']) {
      expect(() =>
        runToolLoop({
          model,
          resume: { turn: paused.pausedTurn as PausedTurn, decisions: decisions as never },
        }),
      ).toThrow(
        "Invalid option 'resume.decisions': expected an object of decisions by tool-call id, such as { call_1: { approved: true } }.",
      );
    }
  });

  it('names every unknown id and every undecided call, in the plural', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'p1', name: 'pay', input: { amount: 80 } },
          { id: 'p2', name: 'pay', input: { amount: 90 } },
        ],
      },
    ]);
    const paused = await runToolLoop({ model, tools: [toolWith('pay', true)], prompt: 'Q' }).result;
    const turn = paused.pausedTurn as PausedTurn;

    expect(() =>
      runToolLoop({ model, resume: { turn, decisions: { x1: { approved: true }, x2: { approved: true } } } }),
    ).toThrow(
      "Invalid option 'resume.decisions': no call waits for approval with the ids x1, x2; the calls that wait: p1 (pay), p2 (pay).",
    );
    expect(() => runToolLoop({ model, resume: { turn, decisions: {} } })).toThrow(
      "Invalid option 'resume.decisions': no decision for the pending calls p1 (pay), p2 (pay); approve or deny each.",
    );
  });

  it('takes a denial with a reason, and refuses a reason that is not text', async () => {
    const model = createScriptedModel([call('pay', { amount: 80 })]);
    const paused = await runToolLoop({ model, tools: [toolWith('pay', true)], prompt: 'Q' }).result;
    const turn = paused.pausedTurn as PausedTurn;

    expect(() =>
      runToolLoop({
        model,
        resume: { turn, decisions: { 'pay-call': { approved: false, reason: 7 } as never } },
      }),
    ).toThrow(
      "Invalid option 'resume.decisions.pay-call': expected { approved: true } or { approved: false, reason?: string }.",
    );
    expect(() =>
      runToolLoop({ model, resume: { turn, decisions: { 'pay-call': undefined as never } } }),
    ).toThrow(
      "Invalid option 'resume.decisions.pay-call': expected { approved: true } or { approved: false, reason?: string }.",
    );
    expect(() =>
      runToolLoop({ model, resume: { turn, decisions: { 'pay-call': { approved: false, reason: 'No.' } } } }),
    ).not.toThrow();
  });
});
