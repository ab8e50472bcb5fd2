import type { ApprovalDecision, LoopEvent, LoopResult, PendingApproval } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import type { TurnRun, TurnRunner } from './create-loop-turn-runner.js';
import { driveTurn } from './drive-turn.js';

const call = (id: string, name: string): PendingApproval => ({ toolCallId: id, name, input: {} });

/** A result that stops with this reason, waiting for these calls when it is approval_required. */
function resultOf(stopReason: string, pending: PendingApproval[] = []): LoopResult {
  return {
    stopReason,
    text: '',
    messages: [],
    toolCalls: [],
    rounds: 0,
    iterations: 1,
    usage: { inputTokens: 0, outputTokens: 0 },
    statusUsage: { inputTokens: 0, outputTokens: 0 },
    durationMs: 0,
    sessionToolCalls: 0,
    sessionTokens: 0,
    ...(pending.length === 0 ? {} : { pendingApprovals: pending }),
  };
}

function runOf(result: LoopResult): TurnRun {
  const events: LoopEvent[] = [
    ...(result.pendingApprovals === undefined
      ? []
      : [{ type: 'approval-required' as const, calls: result.pendingApprovals }]),
    { type: 'done', result },
  ];
  return {
    events: (async function* () {
      yield* events;
    })(),
    result: Promise.resolve(result),
  };
}

/** A runner whose parts end with these results in turn, recording the decisions it was resumed with. */
function createRunner(
  results: LoopResult[],
): TurnRunner & { decisions: Array<Record<string, ApprovalDecision>> } {
  const decisions: Array<Record<string, ApprovalDecision>> = [];
  const next = () => runOf(results.shift() ?? resultOf('completed'));
  return {
    decisions,
    start: next,
    resume(given) {
      decisions.push(given);
      return next();
    },
    pendingApprovals: () => Promise.resolve(undefined),
    close: () => Promise.resolve(),
  };
}

async function drain(run: TurnRun): Promise<LoopEvent[]> {
  const events: LoopEvent[] = [];
  for await (const event of run.events) events.push(event);
  return events;
}

describe('driveTurn', () => {
  it('resumes each pause whose calls all have an answer, streaming the parts as one turn with one done', async () => {
    const runner = createRunner([
      resultOf('approval_required', [call('c1', 'delete_note'), call('c2', 'read_note')]),
      resultOf('approval_required', [call('c3', 'delete_note')]),
      resultOf('completed'),
    ]);
    const run = driveTurn({
      runner,
      turn: {
        user: 'Go',
        approvals: [
          { call: 1, decision: 'deny', reason: 'No.' },
          { tool: 'delete_note', decision: 'approve' },
        ],
      },
    });

    const events = await drain(run);

    expect(events.map((event) => event.type)).toEqual(['approval-required', 'approval-required', 'done']);
    expect((await run.result).stopReason).toBe('completed');
    expect(runner.decisions).toEqual([
      { c1: { approved: true }, c2: { approved: false, reason: 'No.' } },
      { c3: { approved: true } },
    ]);
    expect(run.approvals).toEqual({
      paused: [call('c1', 'delete_note'), call('c2', 'read_note'), call('c3', 'delete_note')],
      decided: [
        { toolCallId: 'c1', name: 'delete_note', approved: true },
        { toolCallId: 'c2', name: 'read_note', approved: false },
        { toolCallId: 'c3', name: 'delete_note', approved: true },
      ],
    });
  });

  it('leaves the turn paused when a waiting call has no answer', async () => {
    const runner = createRunner([resultOf('approval_required', [call('c1', 'delete_note')])]);
    const run = driveTurn({
      runner,
      turn: { user: 'Go', approvals: [{ tool: 'other', decision: 'approve' }] },
    });

    await drain(run);

    expect((await run.result).stopReason).toBe('approval_required');
    expect(runner.decisions).toEqual([]);
    expect(run.approvals.paused.map((paused) => paused.name)).toEqual(['delete_note']);
  });

  it('fails a turn without a user message when no turn waits, saying so', async () => {
    const run = driveTurn({
      runner: createRunner([]),
      turn: { approvals: [{ tool: 'delete_note', decision: 'approve' }] },
    });

    await expect(drain(run)).rejects.toThrow(
      'This turn has no user message, but no turn before it waits for approval.',
    );
    await expect(run.result).rejects.toThrow('no turn before it waits');
  });
});
