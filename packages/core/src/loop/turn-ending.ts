import { ModelError } from '../errors/model-error.js';
import type { ToolloopError } from '../errors/toolloop-error.js';
import { TurnAbortedError } from '../errors/turn-aborted-error.js';
import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import type { FinishReason } from '../model/model.js';
import type { StopReason } from './stop-reason.js';

/** How a turn ends: its stop reason, the detail that explains it, and the error behind it if any. */
export interface TurnEnding {
  reason: StopReason;
  detail?: string;
  error?: ToolloopError;
}

/** The stop reasons that end a turn with one last request without tools, so the user still gets an answer. */
export type FinalAnswerReason = Extract<StopReason, 'max_rounds' | 'tool_limit' | 'session_tool_limit'>;

/**
 * Whether a model response ends the turn: a refusal or a cut-off output always does (its tool calls are
 * never run), the answer to the final no-tools request does, and so does a response without tool calls.
 */
export function endingForResponse({
  finishReason,
  toolCallCount,
  finalAnswerFor,
}: {
  finishReason: FinishReason;
  toolCallCount: number;
  finalAnswerFor: FinalAnswerReason | undefined;
}): TurnEnding | undefined {
  if (finishReason === 'refusal') return { reason: 'refusal' };
  if (finishReason === 'max_tokens' || finishReason === 'context_window_exceeded')
    return { reason: 'max_tokens' };
  if (finalAnswerFor !== undefined) return { reason: finalAnswerFor };
  if (toolCallCount === 0) return { reason: 'completed' };
  return undefined;
}

/**
 * The ending for an error thrown out of the loop: the turn's own abort (timeout or caller), or a model
 * failure. Anything else is a bug or a setup error (a tool source that cannot list), and is rethrown.
 */
export function endingForError(error: unknown, turnSignal: AbortSignal): TurnEnding {
  if (turnSignal.aborted) {
    const reason: unknown = turnSignal.reason;
    if (TurnTimeoutError.isInstance(reason)) return { reason: 'timeout', error: reason };
    const aborted = new TurnAbortedError({ reason });
    return { reason: 'aborted', detail: aborted.message, error: aborted };
  }
  if (ModelError.isInstance(error)) return { reason: 'model_error', detail: error.message, error };
  throw error;
}
