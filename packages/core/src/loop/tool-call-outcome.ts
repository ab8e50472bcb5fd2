import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import type { ToolOutput } from '../model/messages.js';
import type { LoopErrorCode } from './loop-event.js';

/** How one tool call ended. Failures carry the code of the error event that reports them. */
export interface ToolCallOutcome {
  output: ToolOutput;
  isError: boolean;
  /** Whether the tool actually ran (a call refused by a limit or an unknown name did not). */
  executed: boolean;
  /** Whether the failure counts toward `maxConsecutiveErrors`. */
  countsAsError: boolean;
  /** The code of the `error` event that reports this call; none for a call that needs no event of its own. */
  errorCode?: LoopErrorCode;
  /** That event's message, when it differs from the text the model sees. */
  errorMessage?: string;
  durationMs: number;
  /** The failure to record the call's end in the turn's tool journal: the round keeps the result, then ends. */
  journalError?: unknown;
}

/** An error result with one line of text for the model. */
export function createErrorOutput(text: string): ToolOutput {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * A call the loop answered itself without running it: refused by a limit or an unknown name, made moot by a
 * stop, or never started because the turn ended first.
 */
export function refuseToolCall({
  text,
  errorCode,
  errorMessage,
  countsAsError = false,
  isError = true,
}: {
  text: string;
  errorCode?: LoopErrorCode;
  errorMessage?: string;
  countsAsError?: boolean;
  isError?: boolean;
}): ToolCallOutcome {
  const outcome: ToolCallOutcome = {
    output: isError ? createErrorOutput(text) : { content: [{ type: 'text', text }] },
    isError,
    executed: false,
    countsAsError,
    durationMs: 0,
  };
  if (errorCode !== undefined) outcome.errorCode = errorCode;
  if (errorMessage !== undefined) outcome.errorMessage = errorMessage;
  return outcome;
}

/** A call that never started because the turn ended (aborted or timed out) first. */
export function refuseAfterTurnEnded(toolName: string, turnSignal: AbortSignal): ToolCallOutcome {
  const why = TurnTimeoutError.isInstance(turnSignal.reason) ? 'timed out' : 'was aborted';
  return refuseToolCall({ text: `Not executed: the turn ${why} before '${toolName}' started.` });
}

/**
 * The error streak after one more call, in call order: a failure that counts extends it, a call that ran and
 * succeeded ends it, and a call the loop answered itself leaves it as it was.
 */
export function extendErrorStreak(streak: number, outcome: ToolCallOutcome): number {
  if (outcome.countsAsError) return streak + 1;
  return outcome.executed && !outcome.isError ? 0 : streak;
}
