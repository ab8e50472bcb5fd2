import type { FinishReason } from '@toolloop/core';

/**
 * Maps a chat completions `finish_reason` to a core finish reason: `stop` → `end`, `tool_calls` and the legacy
 * `function_call` → `tool_calls`, `length` → `max_tokens`, `content_filter` → `refusal`. Anything else (servers
 * add their own, such as `eos` or `abort`) becomes `other`; the caller keeps the raw value.
 */
export function mapOpenAIFinishReason(finishReason: string): FinishReason {
  switch (finishReason) {
    case 'stop':
      return 'end';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    default:
      return 'other';
  }
}
