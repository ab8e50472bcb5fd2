import type { ScenarioResult } from '../report/run-report.js';
import type { LoadedScenario } from '../scenario/load-scenario-file.js';

/** The result of a scenario that did not run. */
export function toSkipped({ file, scenario }: Pick<LoadedScenario, 'file' | 'scenario'>): ScenarioResult {
  return {
    name: scenario.name,
    file,
    tags: scenario.tags ?? [],
    status: 'skipped',
    durationMs: 0,
    turns: [],
    failures: [],
  };
}

/** The result of a scenario the runner itself failed on (not an assertion): `error` says why. */
export function toErrored({
  loaded,
  error,
}: {
  loaded: Pick<LoadedScenario, 'file' | 'scenario'>;
  error: unknown;
}): ScenarioResult {
  return {
    ...toSkipped(loaded),
    status: 'failed',
    error: { message: error instanceof Error ? error.message : String(error) },
  };
}
