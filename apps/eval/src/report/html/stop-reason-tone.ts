import { isBuiltinStopReason } from '@toolloop/core/internal';
import type { StopReason } from '@toolloop/core';

/** How a stop reason reads at a glance: ended with an answer, stopped at a limit, or failed. */
export type StopReasonTone = 'answered' | 'limited' | 'failed';

/** The tone the HTML report colors a stop reason with (green, amber, red). */
export function toStopReasonTone(stopReason: StopReason): StopReasonTone {
  // A stop reason a `stopWhen` condition named is the host's own limit.
  if (!isBuiltinStopReason(stopReason)) return 'limited';
  switch (stopReason) {
    case 'completed':
    case 'max_rounds':
      return 'answered';
    case 'max_iterations':
    case 'consecutive_errors':
    case 'tool_limit':
    case 'session_tool_limit':
    case 'unknown_tool':
    case 'no_progress':
    case 'budget_exceeded':
    case 'approval_required':
    case 'gave_up':
    case 'refusal':
    case 'max_tokens':
      return 'limited';
    case 'timeout':
    case 'aborted':
    case 'model_error':
    case 'tool_source_error':
    case 'hook_error':
    case 'invalid_output':
      return 'failed';
    default: {
      const unknownStopReason: never = stopReason;
      throw new Error(`Unknown stop reason: ${String(unknownStopReason)}`);
    }
  }
}
