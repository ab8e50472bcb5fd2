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

  it('takes the tokens written to the cache out of the input tokens too, as cache writes', () => {
    expect(
      mapOpenAIUsage({
        prompt_tokens: 2460,
        completion_tokens: 40,
        prompt_tokens_details: { cached_tokens: 300, cache_write_tokens: 2000 },
      }),
    ).toEqual({ inputTokens: 160, outputTokens: 40, cacheReadTokens: 300, cacheWriteTokens: 2000 });
    expect(
      mapOpenAIUsage({
        prompt_tokens: 2120,
        completion_tokens: 40,
        prompt_tokens_details: { cache_write_tokens: 2000 },
      }),
    ).toEqual({ inputTokens: 120, outputTokens: 40, cacheWriteTokens: 2000 });
  });

  it('reads missing or null counts as zero', () => {
    expect(mapOpenAIUsage({ prompt_tokens: null, prompt_tokens_details: null })).toEqual({
      inputTokens: 0,
      outputTokens: 0,
    });
  });

  it('leaves out a count that is not a number of at least 0, as a server that is not OpenAI may send', () => {
    expect(
      mapOpenAIUsage({
        prompt_tokens: '10',
        completion_tokens: -1,
        prompt_tokens_details: { cached_tokens: -5 },
        completion_tokens_details: { reasoning_tokens: 'many' },
      } as never),
    ).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(mapOpenAIUsage({ prompt_tokens: 10, completion_tokens: 4, prompt_cache_hit_tokens: 3 })).toEqual({
      inputTokens: 7,
      outputTokens: 4,
      cacheReadTokens: 3,
    });
  });

  it('reads DeepSeek’s prompt_cache_hit_tokens when the details are missing', () => {
    expect(
      mapOpenAIUsage({ prompt_tokens: 339, completion_tokens: 83, prompt_cache_hit_tokens: 320 }),
    ).toEqual({ inputTokens: 19, outputTokens: 83, cacheReadTokens: 320 });
  });

  it('reads reasoning tokens, which completion_tokens already counts (OpenAI, DeepSeek)', () => {
    expect(
      mapOpenAIUsage({
        prompt_tokens: 18,
        completion_tokens: 219,
        total_tokens: 237,
        completion_tokens_details: { reasoning_tokens: 205 },
      }),
    ).toEqual({ inputTokens: 18, outputTokens: 219, reasoningTokens: 205 });
  });

  it('adds reasoning tokens a server counts apart from completion_tokens (xAI) to the output', () => {
    expect(
      mapOpenAIUsage({
        prompt_tokens: 307,
        completion_tokens: 26,
        total_tokens: 560,
        prompt_tokens_details: { cached_tokens: 306 },
        completion_tokens_details: { reasoning_tokens: 227 },
      }),
    ).toEqual({ inputTokens: 1, outputTokens: 253, cacheReadTokens: 306, reasoningTokens: 227 });
  });
});
