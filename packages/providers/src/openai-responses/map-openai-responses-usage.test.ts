import { describe, expect, it } from 'vitest';
import { mapOpenAIResponsesUsage } from './map-openai-responses-usage.js';

describe('mapOpenAIResponsesUsage', () => {
  it('takes the tokens read from and written to the cache out of the input tokens', () => {
    expect(
      mapOpenAIResponsesUsage({
        input_tokens: 2460,
        input_tokens_details: { cached_tokens: 300, cache_write_tokens: 2000 },
        output_tokens: 90,
        output_tokens_details: { reasoning_tokens: 50 },
        total_tokens: 2550,
      }),
    ).toEqual({
      inputTokens: 160,
      outputTokens: 90,
      cacheReadTokens: 300,
      cacheWriteTokens: 2000,
      reasoningTokens: 50,
    });
  });

  it('leaves the cache writes out when the API reports none', () => {
    expect(
      mapOpenAIResponsesUsage({
        input_tokens: 120,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 15,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 135,
      } as never),
    ).toEqual({ inputTokens: 120, outputTokens: 15, cacheReadTokens: 0, reasoningTokens: 0 });
  });
});
