import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);

  it('takes the sample at the nearest rank, whatever the order', () => {
    expect(percentile({ samples: hundred, percent: 50 })).toBe(50);
    expect(percentile({ samples: hundred, percent: 99 })).toBe(99);
    expect(percentile({ samples: hundred, percent: 100 })).toBe(100);
  });

  it('gives the maximum as the 99th percentile of fewer than 100 samples, and the lower middle as the 50th', () => {
    expect(percentile({ samples: [4, 1, 3, 2], percent: 99 })).toBe(4);
    expect(percentile({ samples: [4, 1, 3, 2], percent: 50 })).toBe(2);
  });

  it('refuses an empty list', () => {
    expect(() => percentile({ samples: [], percent: 50 })).toThrow(
      'Cannot take a percentile of an empty list of samples.',
    );
  });
});
