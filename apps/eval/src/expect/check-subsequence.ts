import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from './create-failure.js';

/**
 * Whether `expected` appears in `actual` in that order, other items allowed between (status lines, event
 * types). The failure names the first expected item that could not be found after the ones before it.
 */
export function checkSubsequence({
  expected,
  actual,
  path,
  what,
}: {
  expected: readonly string[] | undefined;
  actual: readonly string[];
  path: string;
  what: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  let position = 0;
  for (const [index, item] of expected.entries()) {
    const found = actual.indexOf(item, position);
    if (found === -1) {
      const message =
        index === 0
          ? `expected ${what} "${item}", it never appeared`
          : `expected ${what} "${item}" after "${expected[index - 1] ?? ''}", it did not appear in that order`;
      return [createFailure({ path: `${path}[${index}]`, message, expected, actual })];
    }
    position = found + 1;
  }
  return [];
}
