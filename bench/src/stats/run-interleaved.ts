/** One contender's measurements, run by run: wall time and this process's CPU time, in milliseconds. */
export interface InterleavedSamples {
  milliseconds: number[];
  /** User + system CPU of the whole process (the in-process fake LLM included) during each run. */
  cpuMilliseconds: number[];
}

/**
 * Runs each contender `warmupRuns` times untimed, then `runs` rounds in which every contender runs once, one
 * after another (A B C D, B C D A, …: the start rotates each round so that no contender always follows the same
 * one). Returns each contender's samples round by round, so ratios can be taken per round.
 */
export async function runInterleaved<ID extends string>({
  contenders,
  warmupRuns,
  runs,
}: {
  contenders: ReadonlyArray<{ id: ID; run: () => Promise<void> }>;
  warmupRuns: number;
  runs: number;
}): Promise<Map<ID, InterleavedSamples>> {
  for (let warmup = 0; warmup < warmupRuns; warmup += 1)
    for (const contender of contenders) await contender.run();
  const samples = new Map<ID, InterleavedSamples>(
    contenders.map((contender) => [contender.id, { milliseconds: [], cpuMilliseconds: [] }]),
  );
  for (let round = 0; round < runs; round += 1) {
    for (let offset = 0; offset < contenders.length; offset += 1) {
      const contender = contenders[(round + offset) % contenders.length];
      if (contender === undefined) continue;
      const cpuBefore = process.cpuUsage();
      const startedAt = performance.now();
      await contender.run();
      const milliseconds = performance.now() - startedAt;
      const cpu = process.cpuUsage(cpuBefore);
      const entry = samples.get(contender.id);
      entry?.milliseconds.push(milliseconds);
      entry?.cpuMilliseconds.push((cpu.user + cpu.system) / 1000);
    }
  }
  return samples;
}
