import { runScenarios } from '@toolloop/eval';

/** What one `runScenarios` call over a generated suite took, from inside the process that ran it. */
export interface SuiteRun {
  scenarios: number;
  passed: number;
  concurrency: number;
  durationMs: number;
  /** The process's peak resident set size, in bytes (`process.resourceUsage().maxRSS`). */
  peakRssBytes: number;
  /** The resident set size just before the run, in bytes: the process's baseline. */
  rssBeforeBytes: number;
}

/**
 * Runs every scenario under `directory` once with `runScenarios` at `concurrency`, no reporters, and measures
 * the wall time of the call and the process's peak memory. Throws when a scenario did not pass.
 */
export async function runSuiteOnce({
  directory,
  concurrency,
}: {
  directory: string;
  concurrency: number;
}): Promise<SuiteRun> {
  const rssBeforeBytes = process.memoryUsage().rss;
  const startedAt = performance.now();
  const { report } = await runScenarios({
    paths: ['.'],
    cwd: directory,
    concurrency,
    reporters: [],
    outDir: directory,
  });
  const durationMs = performance.now() - startedAt;
  const { total, passed } = report.summary;
  if (passed !== total) {
    const failure = report.scenarios.find((scenario) => scenario.status !== 'passed');
    throw new Error(
      `${total - passed} of ${total} generated scenarios did not pass: ${JSON.stringify(failure)}`,
    );
  }
  return {
    scenarios: total,
    passed,
    concurrency,
    durationMs,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    rssBeforeBytes,
  };
}
