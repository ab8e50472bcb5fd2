import { describe, expect, it } from 'vitest';
import { toDeltaLatencies } from './to-delta-latencies.js';

describe('toDeltaLatencies', () => {
  it('times each event from the latest text delta that arrived before it', () => {
    expect(
      toDeltaLatencies({
        arrivals: [
          { at: 0, hasTextDelta: false },
          { at: 10, hasTextDelta: true },
          { at: 20, hasTextDelta: true },
          { at: 21, hasTextDelta: false },
        ],
        eventTimes: [10.5, 20.25],
      }),
    ).toEqual([0.5, 0.25]);
  });

  it('skips an event that came before any delta', () => {
    expect(toDeltaLatencies({ arrivals: [{ at: 5, hasTextDelta: true }], eventTimes: [1] })).toEqual([]);
  });
});
