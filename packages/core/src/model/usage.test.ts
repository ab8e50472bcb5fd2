import { describe, expect, it } from 'vitest';
import { addUsage } from '@toolloop/core';

describe('addUsage', () => {
  it('sums reasoning tokens beside the cache reads and writes', () => {
    expect(
      addUsage(
        { inputTokens: 10, outputTokens: 50, cacheReadTokens: 900, reasoningTokens: 30 },
        { inputTokens: 20, outputTokens: 40, cacheWriteTokens: 100, reasoningTokens: 12 },
      ),
    ).toEqual({
      inputTokens: 30,
      outputTokens: 90,
      cacheReadTokens: 900,
      cacheWriteTokens: 100,
      reasoningTokens: 42,
    });
  });

  it('leaves reasoning tokens out when neither side reports them', () => {
    expect(addUsage({ inputTokens: 1, outputTokens: 2 }, { inputTokens: 3, outputTokens: 4 })).toEqual({
      inputTokens: 4,
      outputTokens: 6,
    });
  });
});
