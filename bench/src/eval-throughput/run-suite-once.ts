import { runScenarios, type ScenarioResult } from '@toolloop/eval';
import { readOwnPeakRssKilobytes } from '../internal/read-own-peak-rss.js';

/** What one `runScenarios` call over a generated suite took, from inside the process that ran it. */
export interface SuiteRun {
  scenarios: number;
  passed: number;
  /** Worker processes (1: in this process); the run's concurrency is the same number. */
  workers: number;
  durationMs: number;
  /** The process's own peak resident set size, in bytes (`readOwnPeakRssKilobytes`). */
  peakRssBytes: number;
  /** The resident set size just before the run, in bytes: the process's baseline. */
  rssBeforeBytes: number;
}

/**
 * Runs every scenario under `directory` once with `runScenarios` in `workers` processes (1: this one) at a
 * concurrency of `workers`, keeping no results (as the command line does), and measures the wall time of the call
 * and the peak memory of this process (its workers' own are not counted). Throws when a scenario did not pass.
 */
export async function runSuiteOnce({
  directory,
  workers,
}: {
  directory: string;
  workers: number;
}): Promise<SuiteRun> {
  const rssBeforeBytes = process.memoryUsage().rss;
  const startedAt = performance.now();
  let failure: ScenarioResult | undefined;
  const { report } = await runScenarios({
    paths: ['.'],
    cwd: directory,
    concurrency: workers,
    workers,
    keepResults: false,
    reporters: [
      {
        onScenarioEnd: (result) => {
          if (result.status !== 'passed') failure ??= result;
        },
      },
    ],
    outDir: directory,
  });
  const durationMs = performance.now() - startedAt;
  const { total, passed } = report.summary;
  if (passed !== total) {
    throw new Error(
      `${total - passed} of ${total} generated scenarios did not pass: ${JSON.stringify(failure)}`,
    );
  }
  return {
    scenarios: total,
    passed,
    workers,
    durationMs,
    peakRssBytes: readOwnPeakRssKilobytes() * 1024,
    rssBeforeBytes,
  };
}
