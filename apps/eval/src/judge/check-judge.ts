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
      actual: {
        ...(verdict.score === undefined ? {} : { score: verdict.score }),
        ...(verdict.reasons === undefined ? {} : { reasons: verdict.reasons }),
      },
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
      actual: {
        ...(verdict.score === undefined ? {} : { score: verdict.score }),
        ...(verdict.reasons === undefined ? {} : { reasons: verdict.reasons }),
      },
    }),
  ];
}

/** What the judges' route saw go wrong: answers of `judge.script` left unused, requests it could not answer. */
export function checkJudgeScript({ route }: { route: FakeLlmScriptHandle }): ScenarioFailure[] {
  return [
    ...(route.remainingSteps === 0
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
