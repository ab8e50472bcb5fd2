/** What the `bench` command was asked to do. */
export interface BenchOptions {
  /** CI-sized runs: fewer repetitions and smaller suites. */
  quick: boolean;
  /** Print one JSON document of all results instead of tables, and leave the docs alone. */
  json: boolean;
  /** Only these benchmarks (default: all). */
  only: readonly BenchmarkId[];
  /** Write CPU profiles of one eval throughput run (the second suite size, 1 and 2 workers) here. */
  cpuProfileDirectory: string | undefined;
  /** Regenerate docs/BENCHMARKS.md and its chart (default: on a full run of every benchmark without `--json`). */
  writeDocs: boolean;
}

/** The benchmarks, in the order they run. */
export const benchmarkIds = [
  'loop',
  'eval',
  'timeout',
  'streaming',
  'xml',
  'session',
  'requests',
  'wires',
  'hosts',
  'start',
  'long',
  'large',
  'setup',
  'concurrency',
] as const;

/** One benchmark's id, as `--only` takes it. */
export type BenchmarkId = (typeof benchmarkIds)[number];
