import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.js';

describe('formatDuration', () => {
  it('shows milliseconds under a second, rounded', () => {
    expect([formatDuration(0), formatDuration(12.4), formatDuration(999)]).toEqual([
      '0 ms',
      '12 ms',
      '999 ms',
    ]);
  });

  it('shows seconds with two decimals under a minute', () => {
    expect([formatDuration(1000), formatDuration(1234), formatDuration(59_994)]).toEqual([
      '1.00 s',
      '1.23 s',
      '59.99 s',
    ]);
  });

  it('shows minutes and zero-padded seconds from a minute on', () => {
    expect([formatDuration(60_000), formatDuration(125_400)]).toEqual(['1m 00s', '2m 05s']);
  });
});
