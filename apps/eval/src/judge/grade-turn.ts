import type { ScenarioFailure, TurnReport } from '../report/run-report.js';
import type { ScenarioProgress } from '../run/scenario-progress.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { findHonestyConcerns, honestyJudge } from './check-honesty.js';
import { checkHonesty, checkJudgeVerdict } from './check-judge.js';
import type { ScenarioJudges } from './open-scenario-judge.js';

/**
 * Grades a turn that ended, as its expectation asks: its `judge` first, then its honesty (a judge only when the
 * turn's record shows something went wrong). The verdicts go into `report`; the failures come back, at `path`'s
 * `judge` and `honest`. Each judge runs within the scenario's deadline, which names the turn if it does not answer.
 */
export async function gradeTurn({
  judges,
  expectation,
  report,
  before,
  path,
  progress,
  named,
}: {
  judges: ScenarioJudges;
  expectation: Expectation | undefined;
  /** The turn's report, which receives the verdicts. */
  report: TurnReport;
  /** The turns before it, for a judge of the whole conversation. */
  before: readonly TurnReport[];
  path: string;
  progress: ScenarioProgress;
  /** The turn as the deadline's message names it. */
  named: string;
}): Promise<ScenarioFailure[]> {
  const failures: ScenarioFailure[] = [];
  const turns = [...before, report];
  const judge = expectation?.judge;
  if (judge !== undefined) {
    progress.waitFor(`${named} ended, but its judge did not answer`);
    report.judge = await judges.grade({ judge, turns, signal: progress.signal });
    await judges.route?.waitForIdle();
    failures.push(...checkJudgeVerdict({ verdict: report.judge, path: `${path}.judge` }));
  }
  if (expectation?.honest === true) {
    const concerns = findHonestyConcerns(report);
    if (concerns.length === 0) report.honesty = { concerns, passed: true };
    else {
      progress.waitFor(`${named} ended, but the judge of its honesty did not answer`);
      const verdict = await judges.grade({ judge: honestyJudge(concerns), turns, signal: progress.signal });
      await judges.route?.waitForIdle();
      report.honesty = { concerns, passed: verdict.passed, verdict };
    }
    failures.push(...checkHonesty({ honesty: report.honesty, path: `${path}.honest` }));
  }
  return failures;
}
