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

/** Where a scenario's result stands in the run's report. */
export interface ScenarioPlace {
  /**
   * Results sorted by `order` are in the report's order (the selection's order, then the skipped ones), however
   * they finished: scenarios run side by side end out of order.
   */
  order: number;
}

/**
 * A reporter: optional hooks, each may return a promise the runner awaits. The built-in ones are in
 * `reporters` (by the names `--reporter` takes).
 *
 * Results come one at a time to `onScenarioEnd`; a reporter that keeps only what it needs of each keeps memory
 * flat however large the suite. The report `onRunEnd` gets always has the summary; its `scenarios` are every
 * result only when `runScenarios` keeps them (`keepResults`, on unless set false; the command line sets it
 * false).
 */
export interface Reporter {
  onRunStart?(info: RunStartInfo): void | Promise<void>;
  onScenarioStart?(scenario: { name: string; file: string }): void | Promise<void>;
  onScenarioEnd?(result: ScenarioResult, place?: ScenarioPlace): void | Promise<void>;
  onRunEnd?(report: RunReport): void | Promise<void>;
  /** Called once the run is over, ended or failed: release what the run took (temporary files). */
  close?(): void | Promise<void>;
}
