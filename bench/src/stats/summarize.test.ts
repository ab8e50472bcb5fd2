import { describe, expect, it } from 'vitest';
import { summarize } from './summarize.js';

describe('summarize', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(summarize([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, count: 3 });
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(summarize([4, 1, 2, 10])).toEqual({ median: 3, min: 1, max: 10, count: 4 });
  });

  it('summarizes a single sample as itself', () => {
    expect(summarize([7])).toEqual({ median: 7, min: 7, max: 7, count: 1 });
  });

  it('does not reorder the samples it is given', () => {
    const samples = [3, 1, 2];
    summarize(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses an empty list', () => {
    expect(() => summarize([])).toThrow('Cannot summarize an empty list of samples.');
  });
});
