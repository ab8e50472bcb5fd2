import type { RunReport, ScenarioResult } from './run-report.js';

/** What reporters know when the run starts. */
export interface RunStartInfo {
  /** Scenarios that will run (after filters and sharding), each counted once however many repeats. */
  total: number;
  repeat: number;
  concurrency: number;
  /** Where file reporters write (`--out-dir`). */
  outDir: string;
}

/**
 * A reporter: optional hooks, each may return a promise the runner awaits. The built-in ones are in
 * `reporters` (by the names `--reporter` takes).
 */
export interface Reporter {
  onRunStart?(info: RunStartInfo): void | Promise<void>;
  onScenarioStart?(scenario: { name: string; file: string }): void | Promise<void>;
  onScenarioEnd?(result: ScenarioResult): void | Promise<void>;
  onRunEnd?(report: RunReport): void | Promise<void>;
}
