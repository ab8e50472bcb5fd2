import type { ScenarioResult } from '../report/run-report.js';
import { createScenarioProgress, type ScenarioProgress } from './scenario-progress.js';
import { sumTurnTotals } from './sum-turn-totals.js';

/**
 * A scenario's `run`, or, when a deadline passes first, a failure naming the step it was in, with the turns that
 * ended before it: the turn under way is aborted (`progress.signal`) and the scenario's servers close once it
 * lets go, but the result does not wait for that. `timeoutMs` is one deadline for the whole scenario; without
 * it, each step `run` enters has its own.
 */
export async function runWithinDeadline({
  timeoutMs,
  scenario,
  run,
}: {
  timeoutMs: number | undefined;
  /** What a result says of the scenario, whatever happened. */
  scenario: Pick<ScenarioResult, 'name' | 'file' | 'tags' | 'source'>;
  run: (progress: ScenarioProgress) => Promise<ScenarioResult>;
}): Promise<ScenarioResult> {
  const startedAt = performance.now();
  const { progress, overdue, clear } = createScenarioProgress({ timeoutMs });
  try {
    const result = await Promise.race([run(progress), overdue]);
    if ('status' in result) return result;
    return {
      ...scenario,
      status: 'failed',
      durationMs: Math.round(performance.now() - startedAt),
      turns: [...progress.turns],
      failures: [...progress.failures, result],
      ...sumTurnTotals(progress.turns),
    };
  } finally {
    clear();
  }
}
