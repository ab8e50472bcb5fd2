import type { BenchmarkId } from './cli/bench-options.js';

/** A benchmark that threw: which, and its error's message. */
export interface BenchFailure {
  benchmark: BenchmarkId;
  message: string;
}

/**
 * Runs `measure` for each benchmark in order, one at a time. A benchmark that throws is written down and the run
 * goes on with the next: a full run takes the better part of an hour, and one failure must not lose the rest.
 * Returns the failures, in order.
 */
export async function runEachBenchmark({
  only,
  measure,
  onProgress = () => undefined,
}: {
  only: readonly BenchmarkId[];
  measure: (benchmark: BenchmarkId) => Promise<void>;
  onProgress?: ((benchmark: BenchmarkId) => void) | undefined;
}): Promise<BenchFailure[]> {
  const failures: BenchFailure[] = [];
  for (const benchmark of only) {
    onProgress(benchmark);
    try {
      await measure(benchmark);
    } catch (error) {
      failures.push({ benchmark, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return failures;
}
