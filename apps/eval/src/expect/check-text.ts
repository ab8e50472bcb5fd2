import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from './create-failure.js';

/** The text matchers of `expect.text`: each one given must hold. */
export function checkText({
  expected,
  actual,
  path,
  what,
}: {
  expected: { equals?: string; contains?: string; notContains?: string; matches?: string } | undefined;
  actual: string;
  path: string;
  what: string;
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
  if (expected.matches !== undefined && !new RegExp(expected.matches, 'u').test(actual)) {
    failures.push(
      createFailure({
        path: `${path}.matches`,
        message: `expected ${what} to match /${expected.matches}/`,
        expected: expected.matches,
        actual,
      }),
    );
  }
  return failures;
}

/** `expect.thinking`: present, absent, or containing a text. */
export function checkThinking({
  expected,
  actual,
  path,
}: {
  expected: { present?: true; absent?: true; contains?: string } | undefined;
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
    ...checkText({ expected: { contains: expected.contains }, actual, path, what: 'the thinking' }),
  ];
}
