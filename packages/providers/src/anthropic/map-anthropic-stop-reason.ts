import type { FinishReason } from '@toolloop/core';

/**
 * Maps Anthropic's `stop_reason` to a core finish reason. `pause_turn` becomes `pause` (the loop asks again
 * to continue the turn); a reason this version does not know becomes `other`, with the raw value kept by the caller.
 */
export function mapAnthropicStopReason(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn':
      return 'end';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
      return 'max_tokens';
    case 'stop_sequence':
      return 'stop_sequence';
    case 'refusal':
      return 'refusal';
    case 'pause_turn':
      return 'pause';
    case 'model_context_window_exceeded':
      return 'context_window_exceeded';
    case null:
    case undefined:
      return 'other';
    default:
      return 'other';
  }
}
