import type { FakeLlmViolation } from '@toolloop/fake-llm';
import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from './create-failure.js';

/**
 * What the fake LLM saw clients do wrong (a thinking block not sent back, a tool call without its result, a
 * request after the script ran out) fails the scenario, at the `llm` step of the request that showed it.
 */
export function checkViolations({
  violations,
  turnStarts,
}: {
  violations: readonly FakeLlmViolation[];
  /** The index of each turn's first request. */
  turnStarts: readonly number[];
}): ScenarioFailure[] {
  return violations.map((violation) => {
    const turn = findTurn(violation.requestIndex, turnStarts);
    const step = violation.requestIndex - (turnStarts[turn] ?? 0);
    return createFailure({
      path: `turns[${turn}].llm[${step}]`,
      message: `request #${violation.requestIndex + 1} to the fake LLM: ${violation.message}`,
      expected: null,
      actual: violation.type,
    });
  });
}

function findTurn(requestIndex: number, turnStarts: readonly number[]): number {
  let turn = 0;
  for (const [index, start] of turnStarts.entries()) if (requestIndex >= start) turn = index;
  return turn;
}
