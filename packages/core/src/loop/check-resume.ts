import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkMessages } from './check-loop-inputs.js';
import {
  waitingCalls,
  type ApprovalDecision,
  type PausedTurn,
  type PendingApproval,
  type ResumeTurn,
} from './paused-turn.js';

/**
 * Checks a resume up front: a paused turn this version wrote, whose transcript ends with the calls that wait, and a
 * decision for every pending call.
 */
export function checkResume(resume: ResumeTurn): ResumeTurn {
  const { turn, decisions } = resume;
  // Read as unknown: the paused turn comes back from storage, written by any version of this package.
  const stored = turn as Partial<Record<keyof PausedTurn, unknown>>;
  if (
    stored.version !== 1 ||
    !Array.isArray(stored.messages) ||
    !Array.isArray(stored.pendingApprovals) ||
    typeof stored.counters !== 'object' ||
    stored.counters === null
  ) {
    throw new InvalidArgumentError({
      argument: 'resume.turn',
      message: 'expected the pausedTurn of a result that stopped with approval_required.',
    });
  }
  checkDecisions({ pending: turn.pendingApprovals, decisions, argument: 'resume.decisions' });
  // The resumed turn runs the calls of its transcript's last message: those that wait must be there.
  const waiting = waitingCalls(checkMessages(stored.messages)).map((call) => call.id);
  if (
    turn.pendingApprovals.length === 0 ||
    turn.pendingApprovals.some((call) => !waiting.includes(call.toolCallId))
  ) {
    throw new InvalidArgumentError({
      argument: 'resume.turn',
      message:
        'expected the pausedTurn of a result that stopped with approval_required, whose transcript ends with the assistant message holding the calls that wait.',
    });
  }
  return resume;
}

/**
 * Checks decisions against the calls that wait: one for each, each `{ approved: true }` or `{ approved: false,
 * reason? }`, and none for a call that does not wait (a typo in an id would otherwise leave a call undecided).
 */
export function checkDecisions({
  pending,
  decisions,
  argument,
}: {
  pending: readonly PendingApproval[];
  decisions: unknown;
  argument: string;
}): Record<string, ApprovalDecision> {
  if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) {
    throw new InvalidArgumentError({
      argument,
      message: 'expected an object of decisions by tool-call id, such as { call_1: { approved: true } }.',
    });
  }
  const waiting = pending.map((call) => `${call.toolCallId} (${call.name})`).join(', ');
  const unknown = Object.keys(decisions).filter((id) => !pending.some((call) => call.toolCallId === id));
  if (unknown.length > 0) {
    throw new InvalidArgumentError({
      argument,
      message: `no call waits for approval with the id${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; the calls that wait: ${waiting || '(none)'}.`,
    });
  }
  for (const [id, decision] of Object.entries(decisions as Record<string, unknown>)) {
    if (!isDecision(decision)) {
      throw new InvalidArgumentError({
        argument: `${argument}.${id}`,
        message: 'expected { approved: true } or { approved: false, reason?: string }.',
      });
    }
  }
  const checked = decisions as Record<string, ApprovalDecision>;
  const missing = pending.filter((call) => checked[call.toolCallId] === undefined);
  if (missing.length > 0) {
    throw new InvalidArgumentError({
      argument,
      message: `no decision for the pending call${missing.length === 1 ? '' : 's'} ${missing.map((call) => `${call.toolCallId} (${call.name})`).join(', ')}; approve or deny each.`,
    });
  }
  return checked;
}

function isDecision(value: unknown): value is ApprovalDecision {
  if (typeof value !== 'object' || value === null) return false;
  const { approved, reason } = value as { approved?: unknown; reason?: unknown };
  return approved === true || (approved === false && (reason === undefined || typeof reason === 'string'));
}
