import type { JsonValue } from '@toolloop/core';
import { matchesPartially } from '@toolloop/mock-mcp/internal';
import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from './create-failure.js';

/**
 * `expect.output`: the turn's parsed answer (the loop's `output`) contains the expected value — an object's
 * listed keys with matching values, recursively; any other value equal.
 */
export function checkOutput({
  expected,
  actual,
  path,
}: {
  expected: JsonValue | undefined;
  actual: unknown;
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  if (actual === undefined) {
    return [
      createFailure({
        path,
        message: 'expected an output, the turn has none (no `output` schema, or no answer matched it)',
        expected,
        actual: null,
      }),
    ];
  }
  if (matchesPartially({ pattern: expected, actual })) return [];
  return [
    createFailure({
      path,
      message: `expected the output to contain ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
      expected,
      actual,
    }),
  ];
}
