import { describe, expect, it } from 'vitest';
import { mapOpenAIFinishReason } from './map-openai-finish-reason.js';

describe('mapOpenAIFinishReason', () => {
  it.each([
    ['stop', 'end'],
    ['tool_calls', 'tool_calls'],
    ['function_call', 'tool_calls'],
    ['length', 'max_tokens'],
    ['content_filter', 'refusal'],
    ['eos', 'other'],
    ['', 'other'],
  ] as const)('maps %j to %j', (raw, mapped) => {
    expect(mapOpenAIFinishReason(raw)).toBe(mapped);
  });
});
