import { describe, expect, it } from 'vitest';
import { runInterleaved } from './run-interleaved.js';

describe('runInterleaved', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const record = async (runs: number) => {
    const calls: string[] = [];
    const durations = await runInterleaved({
      contenders: ids.map((id) => ({ id, run: async () => void calls.push(id) })),
      warmupRuns: 1,
      runs,
    });
    return { calls, durations };
  };

  it('warms every contender up in order, then runs each once per round', async () => {
    const { calls, durations } = await record(20);

    expect(calls.slice(0, 4)).toEqual(ids);
    for (let round = 0; round < 20; round += 1)
      expect([...calls.slice(4 + round * 4, 8 + round * 4)].sort()).toEqual(ids);
    expect([...durations.keys()]).toEqual(ids);
    expect(durations.get('a')?.milliseconds).toHaveLength(20);
    expect(durations.get('a')?.cpuMilliseconds).toHaveLength(20);
  });

  it('shuffles each round, so every contender follows each of the others, the same orders on every call', async () => {
    const { calls } = await record(20);
    const timed = calls.slice(4);
    const predecessors = new Map(ids.map((id) => [id, new Set<string>()]));
    for (let index = 1; index < timed.length; index += 1)
      predecessors.get(timed[index] ?? '')?.add(timed[index - 1] ?? '');

    // (A contender may also follow itself, last in one round and first in the next.)
    for (const id of ids)
      expect([...(predecessors.get(id) ?? [])]).toEqual(
        expect.arrayContaining(ids.filter((other) => other !== id)),
      );
    expect((await record(20)).calls).toEqual(calls);
  });
});
