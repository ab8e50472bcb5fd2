import { describe, expect, it } from 'vitest';
import { runInterleaved } from './run-interleaved.js';

describe('runInterleaved', () => {
  it('warms every contender up, then rotates the start of each round', async () => {
    const calls: string[] = [];
    const contender = (id: string) => ({ id, run: async () => void calls.push(id) });
    const durations = await runInterleaved({
      contenders: [contender('a'), contender('b'), contender('c')],
      warmupRuns: 1,
      runs: 3,
    });
    expect(calls.join('')).toBe('abc' + 'abc' + 'bca' + 'cab');
    expect([...durations.keys()]).toEqual(['a', 'b', 'c']);
    expect(durations.get('a')?.milliseconds).toHaveLength(3);
    expect(durations.get('a')?.cpuMilliseconds).toHaveLength(3);
  });
});
