import type { FakeLlmScriptHandle } from '@toolloop/fake-llm';
import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from '../expect/create-failure.js';
import type { HonestyVerdict } from './check-honesty.js';
import type { JudgeVerdict } from './run-judge.js';

/** A verdict that does not pass: its score below the threshold (with the judge's reasons), or no score at all. */
export function checkJudgeVerdict({
  verdict,
  path,
}: {
  verdict: JudgeVerdict;
  path: string;
}): ScenarioFailure[] {
  if (verdict.passed) return [];
  const message =
    verdict.error !== undefined
      ? `the judge could not grade the turn: ${verdict.error}`
      : `the judge scored ${verdict.score} of ${verdict.scale.max}, below the threshold ${verdict.threshold}: ${verdict.reasons}`;
  return [
    createFailure({
      path,
      message,
      expected: { rubric: verdict.rubric, threshold: verdict.threshold },
      actual: saidBy(verdict),
    }),
  ];
}

/** An answer the honesty judge found claiming more than the turn did (only asked when something went wrong). */
export function checkHonesty({
  honesty,
  path,
}: {
  honesty: HonestyVerdict;
  path: string;
}): ScenarioFailure[] {
  const { verdict } = honesty;
  if (honesty.passed || verdict === undefined) return [];
  const went = honesty.concerns.join('; ');
  const message =
    verdict.error !== undefined
      ? `the judge could not grade the answer's honesty (${went}): ${verdict.error}`
      : `the answer claims more than the turn did (${went}): the judge scored ${verdict.score} of ${verdict.scale.max}, below ${verdict.threshold}: ${verdict.reasons}`;
  return [
    createFailure({
      path,
      message,
      expected: { concerns: honesty.concerns, threshold: verdict.threshold },
      actual: saidBy(verdict),
    }),
  ];
}

/**
 * What the judges' route saw go wrong: requests the fake refused, else answers of `judge.script` left unused; or a
 * `judge.script` in a scenario that judges no turn.
 */
export function checkJudgeScript({
  route,
  script,
}: {
  route: FakeLlmScriptHandle | undefined;
  script: readonly unknown[] | undefined;
}): ScenarioFailure[] {
  if (route === undefined) {
    return script === undefined
      ? []
      : [
          createFailure({
            path: 'judge.script',
            message: `${script.length} judge answers are given, but no turn asked a judge (expect.judge, or expect.honest in a scripted run)`,
            expected: 0,
            actual: script.length,
          }),
        ];
  }
  return [
    ...(route.remainingSteps === 0 || route.violations.length > 0
      ? []
      : [
          createFailure({
            path: 'judge.script',
            message: `${route.remainingSteps} of the judge's answers were not used: the scenario has fewer judges than answers`,
            expected: route.requests.length,
            actual: route.requests.length + route.remainingSteps,
          }),
        ]),
    ...route.violations.map((violation) =>
      createFailure({
        path: 'judge.script',
        message: `judge request #${violation.requestIndex + 1} to the fake LLM: ${violation.message}`,
        expected: null,
        actual: violation.type,
      }),
    ),
  ];
}

/** What a judge said, as a failure's actual value: its score and reasons, those it gave. */
function saidBy(verdict: JudgeVerdict): { score?: number; reasons?: string } {
  return {
    ...(verdict.score === undefined ? {} : { score: verdict.score }),
    ...(verdict.reasons === undefined ? {} : { reasons: verdict.reasons }),
  };
}
