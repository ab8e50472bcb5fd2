import type { JsonValue } from '../json-value.js';
import type { Message, ToolCallPart } from '../model/messages.js';
import type { Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';
import type { ContextSummary } from './summarize-context.js';
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
    /** `contextLimit`: the call ids of the results cleared from the requests, so they stay cleared. */
    clearedToolResults?: string[];
    /** `contextLimit.summarize`: the summary sent in place of the oldest messages, and whether one failed. */
    contextSummary?: ContextSummary;
    contextSummaryFailed?: true;
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
      ...(state.clearedToolResults.size === 0 ? {} : { clearedToolResults: [...state.clearedToolResults] }),
      ...(state.contextSummary === undefined ? {} : { contextSummary: state.contextSummary }),
      ...(state.contextSummaryFailed === undefined ? {} : { contextSummaryFailed: true as const }),
    },
  };
}

/**
 * The calls that wait for their results: those of the transcript's last message when it is the assistant's (a
 * paused turn's, or those of a turn that ended between the model's response and its tool round).
 */
export function waitingCalls(messages: readonly Message[]): ToolCallPart[] {
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
  // Written by this version or an earlier one, which kept none of these: read only what is well formed.
  const { clearedToolResults, contextSummary, contextSummaryFailed } = counters as Partial<typeof counters>;
  if (Array.isArray(clearedToolResults)) {
    state.clearedToolResults = new Set(clearedToolResults.filter((id) => typeof id === 'string'));
  }
  if (
    typeof contextSummary?.text === 'string' &&
    Number.isInteger(contextSummary.upTo) &&
    contextSummary.upTo > 0 &&
    contextSummary.upTo < state.messages.length
  ) {
    state.contextSummary = { upTo: contextSummary.upTo, text: contextSummary.text };
  }
  if (contextSummaryFailed === true) state.contextSummaryFailed = true;
}
