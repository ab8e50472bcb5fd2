import type { StopReason } from '@aws-sdk/client-bedrock-runtime';
import type { FinishReason } from '@toolloop/core';

/**
 * A Converse `stopReason` in core words: `end_turn` → `end`, `tool_use` → `tool_calls`, `max_tokens`,
 * `stop_sequence`, `guardrail_intervened` and `content_filtered` → `refusal`, `model_context_window_exceeded`
 * → `context_window_exceeded`; `malformed_model_output`, `malformed_tool_use` and reasons newer than this
 * provider → `other`.
 */
export function mapBedrockStopReason(stopReason: StopReason | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn':
      return 'end';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
      return 'max_tokens';
    case 'stop_sequence':
      return 'stop_sequence';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'refusal';
    case 'model_context_window_exceeded':
      return 'context_window_exceeded';
    case 'malformed_model_output':
    case 'malformed_tool_use':
    case undefined:
      return 'other';
    default: {
      // A reason newer than this SDK arrives here at run time.
      const _newerReason: never = stopReason;
      return 'other';
    }
  }
}
