import { describe, expect, it } from 'vitest';
import { pairRatios } from './pair-ratios.js';
import { summarize } from './summarize.js';

describe('pairRatios', () => {
  it('divides each numerator by the denominator of the same round', () => {
    expect(pairRatios({ numerators: [2, 9, 4], denominators: [1, 3, 8] })).toEqual([2, 3, 0.5]);
  });

  it('is robust to a noisy round where the ratio of medians is not', () => {
    const numerators = [11, 40, 110];
    const denominators = [10, 20, 100];
    expect(summarize(pairRatios({ numerators, denominators }))).toEqual({
      median: 1.1,
      min: 1.1,
      max: 2,
      count: 3,
    });
    expect(summarize(numerators).median / summarize(denominators).median).toBe(2);
  });

  it('refuses lists of different lengths', () => {
    expect(() => pairRatios({ numerators: [1, 2], denominators: [1] })).toThrow(
      'Pair ratios need lists of the same length (got 2 and 1).',
    );
  });
});
