import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from './create-failure.js';
import { createRegularExpressionMatcher, type RegularExpressionMatcher } from './test-regular-expression.js';

/** The text matchers of `expect.text`: each one given must hold. */
export function checkText({
  expected,
  actual,
  path,
  what,
  matcher = createRegularExpressionMatcher(),
}: {
  expected: { equals?: string; contains?: string; notContains?: string; matches?: string } | undefined;
  actual: string;
  path: string;
  what: string;
  /** Tests `matches` within the scenario's budget for regular expressions; default: a budget of its own. */
  matcher?: RegularExpressionMatcher | undefined;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const failures: ScenarioFailure[] = [];
  if (expected.equals !== undefined && actual !== expected.equals) {
    failures.push(
      createFailure({
        path: `${path}.equals`,
        message: `expected ${what} to equal the given text`,
        expected: expected.equals,
        actual,
      }),
    );
  }
  if (expected.contains !== undefined && !actual.includes(expected.contains)) {
    failures.push(
      createFailure({
        path: `${path}.contains`,
        message: `expected ${what} to contain "${expected.contains}"`,
        expected: expected.contains,
        actual,
      }),
    );
  }
  if (expected.notContains !== undefined && actual.includes(expected.notContains)) {
    failures.push(
      createFailure({
        path: `${path}.notContains`,
        message: `expected ${what} not to contain "${expected.notContains}"`,
        expected: expected.notContains,
        actual,
      }),
    );
  }
  if (expected.matches !== undefined)
    failures.push(...checkMatches({ pattern: expected.matches, actual, path, what, matcher }));
  return failures;
}

/** `expect.thinking`: present, absent, equal to a text, or containing one. */
export function checkThinking({
  expected,
  actual,
  path,
}: {
  expected: { present?: true; absent?: true; equals?: string; contains?: string } | undefined;
  actual: string;
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const failures: ScenarioFailure[] = [];
  if (expected.present === true && actual === '') {
    failures.push(
      createFailure({
        path: `${path}.present`,
        message: 'expected the turn to stream thinking, it streamed none',
        expected: true,
        actual: false,
      }),
    );
  }
  if (expected.absent === true && actual !== '') {
    failures.push(
      createFailure({
        path: `${path}.absent`,
        message: 'expected no thinking, the turn streamed some',
        expected: '',
        actual,
      }),
    );
  }
  return [
    ...failures,
    ...checkText({
      expected: { equals: expected.equals, contains: expected.contains },
      actual,
      path,
      what: 'the thinking',
    }),
  ];
}

/** `matches`: the text matches the regular expression, tested within a time budget so that no pattern hangs. */
function checkMatches({
  pattern,
  actual,
  path,
  what,
  matcher,
}: {
  pattern: string;
  actual: string;
  path: string;
  what: string;
  matcher: RegularExpressionMatcher;
}): ScenarioFailure[] {
  const outcome = matcher.test({ pattern, text: actual });
  switch (outcome.type) {
    case 'matched':
      return [];
    case 'not-matched':
      return [
        createFailure({
          path: `${path}.matches`,
          message: `expected ${what} to match /${pattern}/`,
          expected: pattern,
          actual,
        }),
      ];
    case 'timed-out':
      return [
        createFailure({
          path: `${path}.matches`,
          message: `gave up matching ${what} against /${pattern}/ after ${outcome.afterMs} ms: the expression backtracks too much (nested quantifiers such as (a+)+ do); simplify it`,
          expected: pattern,
          actual,
        }),
      ];
    case 'budget-spent':
      return [
        createFailure({
          path: `${path}.matches`,
          message: `did not try to match ${what} against /${pattern}/: the scenario's ${matcher.budgetMs} ms for regular expressions were spent by one that backtracks too much`,
          expected: pattern,
          actual,
        }),
      ];
    default: {
      const unexpected: never = outcome;
      throw new Error(`Unexpected match outcome ${JSON.stringify(unexpected)}`);
    }
  }
}
