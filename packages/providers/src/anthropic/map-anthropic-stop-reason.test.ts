import { describe, expect, it } from 'vitest';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.js';

describe('mapAnthropicStopReason', () => {
  it.each([
    ['end_turn', 'end'],
    ['tool_use', 'tool_calls'],
    ['max_tokens', 'max_tokens'],
    ['stop_sequence', 'stop_sequence'],
    ['refusal', 'refusal'],
    ['pause_turn', 'pause'],
    ['model_context_window_exceeded', 'context_window_exceeded'],
    ['a_reason_from_the_future', 'other'],
    [null, 'other'],
  ])('maps %s to %s', (stopReason, finishReason) => {
    expect(mapAnthropicStopReason(stopReason)).toBe(finishReason);
  });
});
