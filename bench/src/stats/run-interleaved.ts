import { measureDuration } from './measure-duration.js';

/**
 * Runs each contender `warmupRuns` times untimed, then `runs` rounds in which every contender runs once, one
 * after another (A B C D, B C D A, …: the start rotates each round so that no contender always follows the same
 * one). Returns each contender's durations in milliseconds, round by round, so ratios can be taken per round.
 */
export async function runInterleaved<ID extends string>({
  contenders,
  warmupRuns,
  runs,
}: {
  contenders: ReadonlyArray<{ id: ID; run: () => Promise<void> }>;
  warmupRuns: number;
  runs: number;
}): Promise<Map<ID, number[]>> {
  for (let warmup = 0; warmup < warmupRuns; warmup += 1)
    for (const contender of contenders) await contender.run();
  const durations = new Map<ID, number[]>(contenders.map((contender) => [contender.id, []]));
  for (let round = 0; round < runs; round += 1) {
    for (let offset = 0; offset < contenders.length; offset += 1) {
      const contender = contenders[(round + offset) % contenders.length];
      if (contender === undefined) continue;
      const duration = await measureDuration(() => contender.run());
      durations.get(contender.id)?.push(duration);
    }
  }
  return durations;
}
