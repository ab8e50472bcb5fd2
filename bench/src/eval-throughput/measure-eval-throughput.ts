import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairRatios } from '../stats/pair-ratios.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { runFloorInChild, runSuiteInChild } from './run-suite-in-child.js';
import type { SuiteRun } from './run-suite-once.js';
import { writeScenarioSuite } from './write-scenario-suite.js';

/** One suite size in one number of worker processes. */
export interface EvalThroughputCell {
  scenarios: number;
  workers: number;
  durationMs: Summary;
  scenariosPerSecond: Summary;
  peakRssMegabytes: Summary;
}

/** What the eval throughput benchmark measured. */
export interface EvalThroughputResult {
  /** Suite sizes, smallest first. */
  sizes: number[];
  workers: [number, number];
  repetitions: number;
  cells: EvalThroughputCell[];
  /** Throughput with more workers over fewer, per suite size, pair by pair. */
  workerSpeedup: Array<{ scenarios: number; ratio: Summary }>;
  /**
   * What the machine gives that many processes with nothing between them, for the largest suite: as many
   * processes as the more workers, started together, each running its share of the suite (a suite of its own, as
   * large) in one process; the time is the longest of theirs, each taken inside its process after its modules
   * loaded. Its speed-up is the one process's time over it, pair by pair: what workers, which do the same work and
   * start and report through a main process besides, can expect (one measurement a repetition, not a bound).
   */
  sideBySide: {
    scenarios: number;
    processes: number;
    scenariosEach: number;
    durationMs: Summary;
    speedup: Summary;
  };
  /** Time of each suite over the next smaller one, per number of workers, pair by pair. */
  growth: Array<{ small: number; large: number; workers: number; ratio: Summary }>;
  /**
   * What a scenario costs past the run's fixed start, in ms, from the two smallest suites: (time of the larger −
   * time of the smaller) / (the difference in scenarios), per number of workers, repetition by repetition.
   */
  marginalMs: Array<{ small: number; large: number; workers: number; ms: Summary }>;
  /**
   * The floor (`runFloorOnce`): each suite's scenarios reduced to the three streamed requests of their turn, made
   * with the bare SDK against the fake LLM in process, each size in a fresh process, every repetition.
   */
  floor: {
    cells: Array<{ scenarios: number; durationMs: Summary }>;
    /** What a scenario's requests alone cost past the fixed start, from the two smallest suites. */
    marginalMs: Summary;
    /** The in-process marginal cost over the floor's, repetition by repetition. */
    marginalOverFloor: Summary;
  };
}

/**
 * The eval throughput benchmark: generated suites of `sizes` scenarios run with `runScenarios` in each number of
 * `workers` (1: in the process itself), each measurement in a fresh process, `repetitions` times with the order
 * alternating, so each ratio is taken within one repetition.
 */
export async function measureEvalThroughput({
  sizes,
  workers = [1, 2],
  repetitions,
  cpuProfileDirectory,
}: {
  sizes: number[];
  workers?: [number, number];
  repetitions: number;
  cpuProfileDirectory?: string | undefined;
}): Promise<EvalThroughputResult> {
  const root = await mkdtemp(join(tmpdir(), 'toolloop-bench-eval-'));
  try {
    const directories = await Promise.all(
      sizes.map(async (count) => {
        const directory = join(root, `suite-${count}`);
        await writeScenarioSuite({ directory, count });
        return directory;
      }),
    );
    const [low, high] = workers;
    const [small = 0, large = 0] = sizes;
    const largest = Math.max(...sizes);
    // Each process's share of the largest suite, in a directory of its own: the same scenarios a run of the
    // whole suite in `high` workers would give each of them.
    const scenariosEach = Math.ceil(largest / high);
    const shares = await Promise.all(
      Array.from({ length: high }, async (_unused, index) => {
        const directory = join(root, `share-${index}`);
        await writeScenarioSuite({ directory, count: scenariosEach });
        return directory;
      }),
    );
    const runs = new Map<string, SuiteRun[]>();
    const floorRuns = new Map<number, number[]>();
    const sideBySideMs: number[] = [];
    const runSideBySide = async () => {
      // Every process to its end before the next step, even when one fails: the suites stay until none reads them.
      const settled = await Promise.allSettled(
        shares.map((directory) => runSuiteInChild({ directory, workers: 1 })),
      );
      const together = settled.map((outcome) => {
        if (outcome.status === 'rejected') throw outcome.reason;
        return outcome.value;
      });
      sideBySideMs.push(Math.max(...together.map((run) => run.durationMs)));
    };
    for (let repetition = 0; repetition < repetitions; repetition += 1) {
      const order = repetition % 2 === 0 ? workers : ([...workers].reverse() as [number, number]);
      // Last in one repetition, first in the next: neither place is always the better one.
      if (repetition % 2 === 1) await runSideBySide();
      for (const [sizeIndex, directory] of directories.entries()) {
        const scenarios = sizes[sizeIndex] ?? 0;
        const floorRun = await runFloorInChild({ count: scenarios });
        floorRuns.set(scenarios, [...(floorRuns.get(scenarios) ?? []), floorRun.durationMs]);
        for (const count of order) {
          const profile = repetition === 0 && sizeIndex === 1 ? cpuProfileDirectory : undefined;
          // Each size's runs in a fresh process: the largest suite's figures are the run's memory goal.
          const run = await runSuiteInChild({ directory, workers: count, cpuProfileDirectory: profile });
          const key = toCellKey({ scenarios: sizes[sizeIndex] ?? 0, workers: count });
          runs.set(key, [...(runs.get(key) ?? []), run]);
        }
      }
      if (repetition % 2 === 0) await runSideBySide();
    }
    const durations = (scenarios: number, count: number): number[] =>
      (runs.get(toCellKey({ scenarios, workers: count })) ?? []).map((run) => run.durationMs);
    const pairs = sizes.slice(1).map((size, index) => ({ small: sizes[index] ?? 0, large: size }));
    const marginal = (largeRuns: number[], smallRuns: number[]) =>
      largeRuns.map((largeMs, index) => (largeMs - (smallRuns[index] ?? 0)) / (large - small));
    const floorMarginal = marginal(floorRuns.get(large) ?? [], floorRuns.get(small) ?? []);
    const inProcessMarginal = marginal(durations(large, low), durations(small, low));
    return {
      sizes,
      workers,
      repetitions,
      cells: sizes.flatMap((scenarios) =>
        workers.map((count) => {
          const cellRuns = runs.get(toCellKey({ scenarios, workers: count })) ?? [];
          return {
            scenarios,
            workers: count,
            durationMs: summarize(cellRuns.map((run) => run.durationMs)),
            scenariosPerSecond: summarize(cellRuns.map((run) => (scenarios * 1000) / run.durationMs)),
            peakRssMegabytes: summarize(cellRuns.map((run) => run.peakRssBytes / 1024 / 1024)),
          };
        }),
      ),
      workerSpeedup: sizes.map((scenarios) => ({
        scenarios,
        ratio: summarize(
          pairRatios({ numerators: durations(scenarios, low), denominators: durations(scenarios, high) }),
        ),
      })),
      sideBySide: {
        scenarios: largest,
        processes: high,
        scenariosEach,
        durationMs: summarize(sideBySideMs),
        speedup: summarize(pairRatios({ numerators: durations(largest, low), denominators: sideBySideMs })),
      },
      growth: pairs.flatMap((pair) =>
        workers.map((count) => ({
          ...pair,
          workers: count,
          ratio: summarize(
            pairRatios({
              numerators: durations(pair.large, count),
              denominators: durations(pair.small, count),
            }),
          ),
        })),
      ),
      marginalMs: workers.map((count) => ({
        small,
        large,
        workers: count,
        ms: summarize(marginal(durations(large, count), durations(small, count))),
      })),
      floor: {
        cells: sizes.map((scenarios) => ({
          scenarios,
          durationMs: summarize(floorRuns.get(scenarios) ?? []),
        })),
        marginalMs: summarize(floorMarginal),
        marginalOverFloor: summarize(
          pairRatios({ numerators: inProcessMarginal, denominators: floorMarginal }),
        ),
      },
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function toCellKey({ scenarios, workers }: { scenarios: number; workers: number }): string {
  return `${scenarios}@${workers}`;
}
