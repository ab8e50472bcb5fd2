import { ApprovalPendingError } from '../errors/approval-pending-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkDecisions } from '../loop/check-resume.js';
import type { SessionTurnInput } from './run-session-turn.js';
import type { SessionData } from './session-data.js';

/**
 * What a queued turn was asked to do: answer a message, resume the paused turn with decisions, or go on with the
 * turn a host that stopped left under way.
 */
export type QueuedInput =
  { type: 'message'; text: string } | { type: 'decisions'; decisions: unknown } | { type: 'continue' };

/** The status line before the chunks of a turn a stopped host left under way. */
export function resumedTurnStatus(input: QueuedInput): string {
  const then = input.type === 'continue' ? '' : ' before this one';
  return `Going on with the turn a host that stopped left under way${then}, from its last checkpoint.`;
}

/**
 * The turn to run, checked against the session as it is when the turn's time comes (an earlier turn in the
 * queue may have paused or resumed it): a message needs a session that does not wait for approval, decisions
 * one that does, and a decision for each call that waits.
 */
export function toTurnInput({
  sessionId,
  session,
  input,
}: {
  sessionId: string;
  session: SessionData;
  input: Exclude<QueuedInput, { type: 'continue' }>;
}): SessionTurnInput {
  const paused = session.pausedTurn;
  if (input.type === 'message') {
    if (paused !== undefined) {
      throw new ApprovalPendingError({ sessionId, pendingApprovals: paused.pendingApprovals });
    }
    return input;
  }
  if (paused === undefined) {
    throw new InvalidArgumentError({
      argument: 'decisions',
      message: `session '${sessionId}' has no turn waiting for approval; send a message instead.`,
    });
  }
  const decisions = checkDecisions({
    pending: paused.pendingApprovals,
    decisions: input.decisions,
    argument: 'decisions',
  });
  // The session's own transcript: the paused turn's is the same, and the save after it appends to it.
  return { type: 'resume', turn: { ...paused, messages: session.messages }, decisions };
}
