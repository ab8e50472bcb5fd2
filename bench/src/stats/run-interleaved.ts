/** One contender's measurements, run by run: wall time and this process's CPU time, in milliseconds. */
export interface InterleavedSamples {
  milliseconds: number[];
  /** User + system CPU of the whole process (the in-process fake LLM included) during each run. */
  cpuMilliseconds: number[];
}

/**
 * Runs each contender `warmupRuns` times untimed, then `runs` rounds in which every contender runs once, in an
 * order shuffled anew each round (the same orders on every call), so that no contender always follows the same
 * one: a run pays for part of the garbage its predecessor left, and a fixed order would make one contender pay
 * for the heaviest one's every round. Returns each contender's samples round by round, so ratios can be taken
 * per round.
 */
export async function runInterleaved<ID extends string>({
  contenders,
  warmupRuns,
  runs,
  beforeRun = () => Promise.resolve(),
  afterRun = () => Promise.resolve(),
}: {
  contenders: ReadonlyArray<{ id: ID; run: () => Promise<void> }>;
  warmupRuns: number;
  runs: number;
  /** Called before each run (warm-up runs too), outside its clocks. */
  beforeRun?: (id: ID) => Promise<void>;
  /** Called after each run (warm-up runs too), outside its clocks; `measured` is false for a warm-up run. */
  afterRun?: (id: ID, measured: boolean) => Promise<void>;
}): Promise<Map<ID, InterleavedSamples>> {
  for (let warmup = 0; warmup < warmupRuns; warmup += 1)
    for (const contender of contenders) {
      await beforeRun(contender.id);
      await contender.run();
      await afterRun(contender.id, false);
    }
  const samples = new Map<ID, InterleavedSamples>(
    contenders.map((contender) => [contender.id, { milliseconds: [], cpuMilliseconds: [] }]),
  );
  const random = createRandom(0x5eed);
  for (let round = 0; round < runs; round += 1) {
    for (const contender of shuffle(contenders, random)) {
      await beforeRun(contender.id);
      const cpuBefore = process.cpuUsage();
      const startedAt = performance.now();
      await contender.run();
      const milliseconds = performance.now() - startedAt;
      const cpu = process.cpuUsage(cpuBefore);
      const entry = samples.get(contender.id);
      entry?.milliseconds.push(milliseconds);
      entry?.cpuMilliseconds.push((cpu.user + cpu.system) / 1000);
      await afterRun(contender.id, true);
    }
  }
  return samples;
}

/** A copy of `items` in random order (Fisher–Yates), drawn from `random`. */
function shuffle<ITEM>(items: readonly ITEM[], random: () => number): ITEM[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as ITEM, shuffled[index] as ITEM];
  }
  return shuffled;
}

/** Numbers in [0, 1) from a seed (mulberry32): the same sequence on every run, so runs can be compared. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
