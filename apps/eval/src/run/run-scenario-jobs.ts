import type { ScenarioResult } from '../report/run-report.js';
import type { LoadedScenario } from '../scenario/load-scenario-file.js';
import { combineRepeats } from './combine-repeats.js';
import { unpackScenario, type PackedScenario } from './pack-scenario.js';
import { runPool } from './run-pool.js';

/** A selected scenario and its place in the selection. */
export interface IndexedScenario {
  packed: PackedScenario;
  index: number;
}

/**
 * Runs each scenario `repeat` times, at most `concurrency` runs at once, in order; with `bail`, starts nothing
 * more after a run fails, nor once `shouldStop()` says so (another process's failure). Each scenario's combined result goes to `onEnd` as its last run ends; a scenario
 * a bail stopped between its runs gets the result of the runs it had. Resolves with the scenarios that never
 * started.
 */
export async function runScenarioJobs({
  scenarios,
  repeat,
  concurrency,
  minPassRate,
  bail,
  shouldStop = () => false,
  run,
  onStart,
  onEnd,
  onRunFailed = () => undefined,
}: {
  scenarios: readonly IndexedScenario[];
  repeat: number;
  concurrency: number;
  minPassRate: number;
  bail: boolean;
  shouldStop?: () => boolean;
  run: (loaded: LoadedScenario, runId: string) => Promise<ScenarioResult>;
  onStart: (scenario: { name: string; file: string }, index: number) => Promise<void>;
  onEnd: (result: ScenarioResult, index: number) => Promise<void>;
  /** A run failed (its scenario may still pass with `minPassRate`): what `bail` stops on. */
  onRunFailed?: () => void;
}): Promise<{ notStarted: IndexedScenario[] }> {
  const runs = new Map<IndexedScenario, ScenarioResult[]>();
  let failed = false;
  const jobs = scenarios.flatMap((scenario) =>
    Array.from({ length: repeat }, (_unused, attempt) => ({ scenario, attempt })),
  );
  const { notStarted } = await runPool({
    items: jobs,
    concurrency,
    shouldStop: () => (bail && failed) || shouldStop(),
    work: async ({ scenario, attempt }) => {
      const loaded = unpackScenario(scenario.packed);
      if (attempt === 0) await onStart({ name: loaded.scenario.name, file: loaded.file }, scenario.index);
      const result = await run(loaded, `s${scenario.index}r${attempt}`);
      if (result.status === 'failed') {
        failed = true;
        onRunFailed();
      }
      const results = [...(runs.get(scenario) ?? []), result];
      runs.set(scenario, results);
      if (results.length === repeat) {
        runs.delete(scenario);
        await onEnd(combineRepeats(results, { minPassRate }), scenario.index);
      }
    },
  });
  // A bail can stop a scenario between its repeats: the runs it had count, as they did for its verdict.
  for (const [scenario, results] of runs)
    await onEnd(combineRepeats(results, { minPassRate }), scenario.index);
  const started = new Set(jobs.slice(0, jobs.length - notStarted.length).map(({ scenario }) => scenario));
  return { notStarted: scenarios.filter((scenario) => !started.has(scenario)) };
}
