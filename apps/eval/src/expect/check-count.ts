import type { ScenarioFailure } from '../report/run-report.js';
import type { CountExpectation } from '../scenario/expectation-schema.js';
import { createFailure } from './create-failure.js';

/** An exact number, or a `{ min, max }` range; `what` names the quantity in the message. */
export function checkCount({
  expected,
  actual,
  path,
  what,
}: {
  expected: CountExpectation | { min?: number; max?: number } | undefined;
  actual: number;
  path: string;
  what: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  if (typeof expected === 'number') {
    return expected === actual
      ? []
      : [
          createFailure({
            path,
            message: `expected ${what} to be ${expected}, got ${actual}`,
            expected,
            actual,
          }),
        ];
  }
  const tooLow = expected.min !== undefined && actual < expected.min;
  const tooHigh = expected.max !== undefined && actual > expected.max;
  if (!tooLow && !tooHigh) return [];
  const bounds = [
    expected.min === undefined ? '' : `at least ${expected.min}`,
    expected.max === undefined ? '' : `at most ${expected.max}`,
  ]
    .filter((bound) => bound !== '')
    .join(' and ');
  return [
    createFailure({ path, message: `expected ${what} to be ${bounds}, got ${actual}`, expected, actual }),
  ];
}
