import type { ScenarioFailure } from '../report/run-report.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { checkSubsequence } from './check-subsequence.js';
import { createFailure } from './create-failure.js';

/**
 * `expect.status`: `includes`, these lines in this order with others between; `exactly`, the turn's status lines
 * are these, all of them, in this order; `none`, the turn streamed no status line.
 */
export function checkStatusLines({
  expected,
  actual,
  path,
}: {
  expected: Expectation['status'];
  actual: readonly string[];
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  if ('includes' in expected)
    return checkSubsequence({
      expected: expected.includes,
      actual,
      path: `${path}.includes`,
      what: 'status line',
    });
  const wanted = 'exactly' in expected ? expected.exactly : [];
  const at = 'exactly' in expected ? `${path}.exactly` : `${path}.none`;
  const differsAt = wanted.findIndex((line, index) => actual[index] !== line);
  if (differsAt === -1 && actual.length === wanted.length) return [];
  const message =
    wanted.length === 0
      ? `expected no status line, got ${actual.length}: ${actual.map((line) => `"${line}"`).join(', ')}`
      : differsAt === -1
        ? `expected ${wanted.length} status lines, got ${actual.length}: "${actual[wanted.length] ?? ''}" came after the last expected one`
        : actual[differsAt] === undefined
          ? `expected status line #${differsAt + 1} "${wanted[differsAt] ?? ''}", the turn streamed only ${actual.length}`
          : `expected status line #${differsAt + 1} "${wanted[differsAt] ?? ''}", got "${actual[differsAt] ?? ''}"`;
  return [
    createFailure({
      path: differsAt === -1 || wanted.length === 0 ? at : `${at}[${differsAt}]`,
      message,
      expected: wanted,
      actual,
    }),
  ];
}
