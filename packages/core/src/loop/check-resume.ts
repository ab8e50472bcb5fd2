import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkMessages } from './check-loop-inputs.js';
import { waitingCalls, type ApprovalDecision, type PendingApproval, type ResumeTurn } from './paused-turn.js';
import { readTurnCheckpoint } from './read-turn-checkpoint.js';

/**
 * Checks a resume up front: a checkpoint this version reads (a paused turn of the first format is converted), and
 * decisions exactly when it paused for approval — one for every pending call, whose calls end its transcript.
 * A checkpoint taken between rounds has no call waiting (checked with the turn's messages).
 */
export function checkResume(resume: ResumeTurn): ResumeTurn {
  const turn = readTurnCheckpoint(resume.turn);
  const messages = checkMessages(turn.messages, 'resume.turn.messages');
  if (messages.length === 0) {
    throw new InvalidArgumentError({
      argument: 'resume.turn.messages',
      message: 'a checkpoint holds the transcript of its turn, the prompt at least; this one holds none.',
    });
  }
  if (turn.runningStep !== undefined)
    return checkRunningResume({ turn, messages, decisions: resume.decisions });
  const pending = turn.pendingApprovals;
  if ((pending === undefined || pending.length === 0) && resume.decisions === undefined) return { turn };
  const decisions = checkDecisions({
    pending: pending ?? [],
    decisions: resume.decisions,
    argument: 'resume.decisions',
  });
  // The resumed turn runs the calls of its transcript's last message: those that wait must be there. (Calls that
  // wait come with their step: readTurnCheckpoint checked it.)
  const waiting = waitingCalls(messages).map((call) => call.id);
  if (
    pending === undefined ||
    pending.length === 0 ||
    pending.some((call) => !waiting.includes(call.toolCallId))
  ) {
    throw new InvalidArgumentError({
      argument: 'resume.turn',
      message:
        'expected the pausedTurn of a result that stopped with approval_required, whose transcript ends with the assistant message holding the calls that wait.',
    });
  }
  return { turn, decisions };
}

/**
 * A checkpoint taken while its calls ran goes on with those calls, as decided then: its transcript must end
 * with them, and no decision is given again.
 */
function checkRunningResume({
  turn,
  messages,
  decisions,
}: {
  turn: ResumeTurn['turn'];
  messages: ResumeTurn['turn']['messages'];
  decisions: ResumeTurn['decisions'];
}): ResumeTurn {
  if (decisions !== undefined) {
    throw new InvalidArgumentError({
      argument: 'resume.decisions',
      message: 'this checkpoint was taken while its calls ran, after they were decided: give no decisions.',
    });
  }
  if (waitingCalls(messages).length === 0) {
    throw new InvalidArgumentError({
      argument: 'resume.turn',
      message:
        'a checkpoint with a runningStep holds the calls that ran: its transcript must end with the assistant message holding them.',
    });
  }
  return { turn };
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
  if (decisions === undefined && pending.length > 0) {
    throw new InvalidArgumentError({
      argument,
      message: `the turn paused for approval: give a decision for each call that waits, ${pending.map((call) => `${call.toolCallId} (${call.name})`).join(', ')}, such as { ${pending[0]?.toolCallId ?? 'call_1'}: { approved: true } }.`,
    });
  }
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
