import { describe, expect, it } from 'vitest';
import { mapOpenAIUsage } from './map-openai-usage.js';

describe('mapOpenAIUsage', () => {
  it('maps prompt and completion tokens', () => {
    expect(mapOpenAIUsage({ prompt_tokens: 12, completion_tokens: 30 })).toEqual({
      inputTokens: 12,
      outputTokens: 30,
    });
  });

  it('takes cached tokens out of the input tokens, as cache reads', () => {
    expect(
      mapOpenAIUsage({
        prompt_tokens: 339,
        completion_tokens: 83,
        prompt_tokens_details: { cached_tokens: 320 },
      }),
    ).toEqual({ inputTokens: 19, outputTokens: 83, cacheReadTokens: 320 });
  });

  it('reads missing or null counts as zero', () => {
    expect(mapOpenAIUsage({ prompt_tokens: null, prompt_tokens_details: null })).toEqual({
      inputTokens: 0,
      outputTokens: 0,
    });
  });
});
