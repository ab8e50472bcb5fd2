import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairRatios } from '../stats/pair-ratios.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { runSuiteInChild } from './run-suite-in-child.js';
import type { SuiteRun } from './run-suite-once.js';
import { writeScenarioSuite } from './write-scenario-suite.js';

/** One suite size at one concurrency. */
export interface EvalThroughputCell {
  scenarios: number;
  concurrency: number;
  durationMs: Summary;
  scenariosPerSecond: Summary;
  peakRssMegabytes: Summary;
}

/** What the eval throughput benchmark measured. */
export interface EvalThroughputResult {
  sizes: [number, number];
  concurrencies: [number, number];
  repetitions: number;
  cells: EvalThroughputCell[];
  /** Throughput at the higher concurrency over the lower, per suite size, pair by pair. */
  concurrencySpeedup: Array<{ scenarios: number; ratio: Summary }>;
  /** Time of the large suite over the small one, per concurrency, pair by pair. */
  growth: Array<{ concurrency: number; ratio: Summary }>;
}

/**
 * The eval throughput benchmark: generated suites of `sizes` scenarios run with `runScenarios` at each of
 * `concurrencies`, each measurement in a fresh process, `repetitions` times with the order of the concurrencies
 * alternating, so each ratio is taken within one repetition.
 */
export async function measureEvalThroughput({
  sizes,
  concurrencies = [1, 2],
  repetitions,
  cpuProfileDirectory,
}: {
  sizes: [number, number];
  concurrencies?: [number, number];
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
    const runs = new Map<string, SuiteRun[]>();
    for (let repetition = 0; repetition < repetitions; repetition += 1) {
      const order = repetition % 2 === 0 ? concurrencies : ([...concurrencies].reverse() as [number, number]);
      for (const [sizeIndex, directory] of directories.entries())
        for (const concurrency of order) {
          const profile = repetition === 0 && sizeIndex === 1 ? cpuProfileDirectory : undefined;
          const run = await runSuiteInChild({ directory, concurrency, cpuProfileDirectory: profile });
          const key = toCellKey({ scenarios: sizes[sizeIndex] ?? 0, concurrency });
          runs.set(key, [...(runs.get(key) ?? []), run]);
        }
    }
    const durations = (scenarios: number, concurrency: number): number[] =>
      (runs.get(toCellKey({ scenarios, concurrency })) ?? []).map((run) => run.durationMs);
    const [low, high] = concurrencies;
    const [small, large] = sizes;
    return {
      sizes,
      concurrencies,
      repetitions,
      cells: sizes.flatMap((scenarios) =>
        concurrencies.map((concurrency) => {
          const cellRuns = runs.get(toCellKey({ scenarios, concurrency })) ?? [];
          return {
            scenarios,
            concurrency,
            durationMs: summarize(cellRuns.map((run) => run.durationMs)),
            scenariosPerSecond: summarize(cellRuns.map((run) => (scenarios * 1000) / run.durationMs)),
            peakRssMegabytes: summarize(cellRuns.map((run) => run.peakRssBytes / 1024 / 1024)),
          };
        }),
      ),
      concurrencySpeedup: sizes.map((scenarios) => ({
        scenarios,
        ratio: summarize(
          pairRatios({ numerators: durations(scenarios, low), denominators: durations(scenarios, high) }),
        ),
      })),
      growth: concurrencies.map((concurrency) => ({
        concurrency,
        ratio: summarize(
          pairRatios({
            numerators: durations(large, concurrency),
            denominators: durations(small, concurrency),
          }),
        ),
      })),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function toCellKey({ scenarios, concurrency }: { scenarios: number; concurrency: number }): string {
  return `${scenarios}@${concurrency}`;
}
