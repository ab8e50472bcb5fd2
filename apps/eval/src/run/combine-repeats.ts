import type { ScenarioResult } from '../report/run-report.js';

/**
 * One result for a scenario run several times: passed when its pass rate reaches `minPassRate` (default 1:
 * every run), with pass@k (one run passed), pass^k (all passed) and the flaky flag. The details shown are those
 * of the first failing run (or the last run when all passed); tokens (the judges' apart) and cost are those of all runs together.
 */
export function combineRepeats(
  runs: readonly ScenarioResult[],
  { minPassRate = 1 }: { minPassRate?: number } = {},
): ScenarioResult {
  const [first] = runs;
  if (first === undefined) throw new Error('combineRepeats needs at least one run.');
  if (runs.length === 1 && minPassRate === 1) return first;
  const passed = runs.filter((run) => run.status === 'passed').length;
  const passRate = passed / runs.length;
  const shown = runs.find((run) => run.status === 'failed') ?? runs.at(-1) ?? first;
  const costs = runs.map((run) => run.cost);
  // A recording one run wrote stays written, whichever run's details are shown.
  const recording = runs.findLast((run) => run.recording?.type === 'written')?.recording ?? shown.recording;
  return {
    ...shown,
    ...(recording === undefined ? {} : { recording }),
    status: passRate >= minPassRate && runs.every((run) => run.error === undefined) ? 'passed' : 'failed',
    durationMs: runs.reduce((total, run) => total + run.durationMs, 0),
    tokens: {
      input: runs.reduce((total, run) => total + (run.tokens?.input ?? 0), 0),
      output: runs.reduce((total, run) => total + (run.tokens?.output ?? 0), 0),
    },
    ...(costs.every((cost) => cost !== undefined)
      ? { cost: costs.reduce((total, cost) => total + cost, 0) }
      : {}),
    ...sumApart(runs, 'judgeTokens', 'judgeCost'),
    ...sumApart(runs, 'simulatedUserTokens', 'simulatedUserCost'),
    repeat: {
      runs: runs.length,
      passed,
      passRate,
      passAtK: passed > 0,
      passAllK: passed === runs.length,
      flaky: passed > 0 && passed < runs.length,
      minPassRate,
    },
  };
}

/**
 * The tokens of every run spent apart from the agent's (the judges', the simulated user's) together, and their
 * cost when every run has one; nothing when no run spent any.
 */
function sumApart(
  runs: readonly ScenarioResult[],
  tokens: 'judgeTokens' | 'simulatedUserTokens',
  cost: 'judgeCost' | 'simulatedUserCost',
): Partial<ScenarioResult> {
  if (!runs.some((run) => run[tokens] !== undefined)) return {};
  const summed: Partial<ScenarioResult> = {
    [tokens]: {
      input: runs.reduce((total, run) => total + (run[tokens]?.input ?? 0), 0),
      output: runs.reduce((total, run) => total + (run[tokens]?.output ?? 0), 0),
    },
  };
  if (runs.every((run) => run[cost] !== undefined))
    summed[cost] = runs.reduce((total, run) => total + (run[cost] ?? 0), 0);
  return summed;
}
