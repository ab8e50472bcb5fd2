import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { JsonValue } from '../json-value.js';
import type { Message, ToolCallPart } from '../model/messages.js';
import type { Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';
import type { StepInfo } from './turn-hooks.js';
import type { TurnState } from './turn-state.js';

/** A tool call that waits for a person's decision. */
export interface PendingApproval {
  toolCallId: string;
  name: string;
  input: JsonValue;
}

/** A person's decision on a pending call: run it, or not (the model reads the reason). */
export type ApprovalDecision = { approved: true } | { approved: false; reason?: string };

/**
 * A turn that stopped with `approval_required`, as plain JSON: store it anywhere (a session file, a database)
 * and pass it back as `resume.turn` with a decision for each pending call. It holds the transcript up to the
 * response whose calls wait, and what the loop had counted, so every limit counts as if the turn had not paused.
 */
export interface PausedTurn {
  version: 1;
  /** The transcript, ending with the assistant message whose calls wait. */
  messages: Message[];
  pendingApprovals: PendingApproval[];
  /** The tools the model could call in the paused step. */
  toolNames: string[];
  /** The paused step as `onStepFinish` will report it once its calls are handled. */
  step: Omit<StepInfo, 'toolCalls'>;
  counters: {
    iterations: number;
    rounds: number;
    toolCalls: ToolCallRecord[];
    usage: Usage;
    statusUsage: Usage;
    usageByModel: Array<[string, Usage]>;
    errorStreak: number;
    messageToolCalls: number;
    sessionToolCalls: number;
    callCounts: Array<[string, number]>;
    text: string;
    lastResponseText: string;
    textRepeats: number;
    lastRequestTokens: number;
    /** Tokens the session had used before the turn, counted against `tokenBudget.perSession` on resume. */
    sessionTokens: number;
    /** Repair requests made for an answer that did not match `output`. */
    outputRepairs: number;
    /** Milliseconds the turn had run before it paused; its deadline counts them. */
    elapsedMs: number;
  };
}

/** What the loop needs to resume a paused turn. */
export interface ResumeTurn {
  turn: PausedTurn;
  /** A decision for every pending call, by tool-call id. */
  decisions: Record<string, ApprovalDecision>;
}

/** The paused turn of a turn state, as plain JSON values. */
export function toPausedTurn({
  state,
  pending,
  toolNames,
  step,
  sessionTokens,
  elapsedMs,
}: {
  state: TurnState;
  pending: PendingApproval[];
  toolNames: string[];
  step: Omit<StepInfo, 'toolCalls'>;
  sessionTokens: number;
  elapsedMs: number;
}): PausedTurn {
  return {
    version: 1,
    messages: state.messages,
    pendingApprovals: pending,
    toolNames,
    step,
    counters: {
      iterations: state.iterations,
      rounds: state.rounds,
      toolCalls: state.toolCalls,
      usage: state.usage,
      statusUsage: state.statusUsage,
      usageByModel: [...state.usageByModel],
      errorStreak: state.errorStreak,
      messageToolCalls: state.messageToolCalls,
      sessionToolCalls: state.sessionToolCalls,
      callCounts: [...state.callCounts],
      text: state.text,
      lastResponseText: state.lastResponseText,
      textRepeats: state.textRepeats,
      lastRequestTokens: state.lastRequestTokens,
      sessionTokens,
      outputRepairs: state.outputRepairs,
      elapsedMs,
    },
  };
}

/** The calls a paused turn waits with: those of its transcript's last message, the assistant's. */
export function pausedCalls(messages: readonly Message[]): ToolCallPart[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.content.filter((part): part is ToolCallPart => part.type === 'tool-call');
}

/** Restores what a paused turn had counted into a fresh turn state. */
export function restoreCounters(state: TurnState, { counters }: PausedTurn): void {
  state.iterations = counters.iterations;
  state.rounds = counters.rounds;
  state.toolCalls = [...counters.toolCalls];
  state.usage = counters.usage;
  state.statusUsage = counters.statusUsage;
  state.usageByModel = new Map(counters.usageByModel);
  state.errorStreak = counters.errorStreak;
  state.messageToolCalls = counters.messageToolCalls;
  state.sessionToolCalls = counters.sessionToolCalls;
  state.callCounts = new Map(counters.callCounts);
  state.text = counters.text;
  state.lastResponseText = counters.lastResponseText;
  state.textRepeats = counters.textRepeats;
  state.lastRequestTokens = counters.lastRequestTokens;
  state.outputRepairs = counters.outputRepairs;
}

/** Checks a resume up front: a paused turn this version wrote, and a decision for every pending call. */
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
