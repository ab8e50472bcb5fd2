import type { ScenarioResult } from '../report/run-report.js';

/**
 * One result for a scenario run several times: passed only if every run passed, with the pass rate; the
 * details shown are those of the first failing run (or the last run when all passed).
 */
export function combineRepeats(runs: readonly ScenarioResult[]): ScenarioResult {
  const [first] = runs;
  if (first === undefined) throw new Error('combineRepeats needs at least one run.');
  if (runs.length === 1) return first;
  const passed = runs.filter((run) => run.status === 'passed').length;
  const shown = runs.find((run) => run.status === 'failed') ?? runs.at(-1) ?? first;
  return {
    ...shown,
    status: passed === runs.length ? 'passed' : 'failed',
    durationMs: runs.reduce((total, run) => total + run.durationMs, 0),
    repeat: {
      runs: runs.length,
      passed,
      passRate: passed / runs.length,
      flaky: passed > 0 && passed < runs.length,
    },
  };
}
