import { HookError } from '../errors/hook-error.js';
import { ModelError } from '../errors/model-error.js';
import { ToolSourceError } from '../errors/tool-source-error.js';
import type { ToolloopError } from '../errors/toolloop-error.js';
import { TurnAbortedError } from '../errors/turn-aborted-error.js';
import type { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import type { FinishReason } from '../model/model.js';
import type { PausedTurn } from './paused-turn.js';
import type { StopReason } from './stop-reason.js';

/** How a turn ends: its stop reason, the detail that explains it, and the error behind it if any. */
export interface TurnEnding {
  reason: StopReason;
  detail?: string;
  error?: ToolloopError;
  /** With `approval_required`: the turn to resume. */
  paused?: PausedTurn;
}

/**
 * Whether a model response ends the turn: a refusal or a cut-off output always does (its tool calls are
 * never run), the answer to the final request does, and so does a response without tool calls.
 */
export function endingForResponse({
  finishReason,
  toolCallCount,
  finalAnswerFor,
}: {
  finishReason: FinishReason;
  toolCallCount: number;
  /**
   * Set when this response answers the last request after a cap or a `stopWhen` decision (in which the model
   * may call no tool): the turn ends with that ending, whatever the response holds.
   */
  finalAnswerFor: TurnEnding | undefined;
}): TurnEnding | undefined {
  if (finishReason === 'refusal') return { reason: 'refusal' };
  if (finishReason === 'max_tokens' || finishReason === 'context_window_exceeded')
    return { reason: 'max_tokens' };
  if (finalAnswerFor !== undefined) return finalAnswerFor;
  if (toolCallCount === 0) return { reason: 'completed' };
  return undefined;
}

/**
 * The ending for an error thrown out of the loop: the turn's own deadline, an abort (the caller's, or a
 * deadline that reached the turn through the caller's signal), a model failure, or tools that could not be
 * assembled. Anything else is a bug in the loop, and is rethrown.
 */
export function endingForError({
  error,
  turnSignal,
  ownTimeout,
}: {
  error: unknown;
  turnSignal: AbortSignal;
  /** The error this turn's own deadline aborted with, once it has; any other reason is an abort. */
  ownTimeout: TurnTimeoutError | undefined;
}): TurnEnding {
  if (turnSignal.aborted) {
    const reason: unknown = turnSignal.reason;
    if (ownTimeout !== undefined && reason === ownTimeout) return { reason: 'timeout', error: ownTimeout };
    const aborted = new TurnAbortedError({ reason });
    return { reason: 'aborted', detail: aborted.message, error: aborted };
  }
  if (ModelError.isInstance(error)) return { reason: 'model_error', detail: error.message, error };
  if (ToolSourceError.isInstance(error)) return { reason: 'tool_source_error', detail: error.message, error };
  if (HookError.isInstance(error)) return { reason: 'hook_error', detail: error.message, error };
  throw error;
}
