import { describe, expect, it } from 'vitest';
import type { ScenarioFailure, ScenarioResult } from '../report/run-report.js';
import { ScenarioAssertionError } from './scenario-assertion-error.js';
import { toScenarioError } from './to-scenario-error.js';

function createResult(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    name: 'refund',
    file: 'scenarios/refund.yaml',
    tags: [],
    status: 'passed',
    durationMs: 5,
    turns: [],
    failures: [],
    ...overrides,
  };
}

const roundsFailure: ScenarioFailure = {
  path: 'turns[0].expect.rounds',
  message: 'expected rounds to be 2, got 3',
  expected: 2,
  actual: 3,
};

describe('toScenarioError', () => {
  it('gives nothing for a scenario that passed', () => {
    expect(toScenarioError(createResult())).toBeUndefined();
  });

  it('gives an assertion error with the values of a single failure', () => {
    const error = toScenarioError(createResult({ status: 'failed', failures: [roundsFailure] }));

    expect(ScenarioAssertionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ScenarioAssertionError',
      message: 'scenarios/refund.yaml turns[0].expect.rounds: expected rounds to be 2, got 3',
      failures: [roundsFailure],
      expected: 2,
      actual: 3,
      showDiff: true,
    });
  });

  it('keys the values of several failures by path, numbering a path that fails again', () => {
    const second = { ...roundsFailure, message: 'again', expected: 4, actual: 5 };
    const error = toScenarioError(createResult({ status: 'failed', failures: [roundsFailure, second] }));

    expect(error).toMatchObject({
      message: [
        '2 expectations failed:',
        'scenarios/refund.yaml turns[0].expect.rounds: expected rounds to be 2, got 3',
        'scenarios/refund.yaml turns[0].expect.rounds: again',
      ].join('\n'),
      expected: { 'turns[0].expect.rounds': 2, 'turns[0].expect.rounds #2': 4 },
      actual: { 'turns[0].expect.rounds': 3, 'turns[0].expect.rounds #2': 5 },
    });
  });

  it("gives the runner's own error with its stack, after the failures seen before it", () => {
    const error = toScenarioError(
      createResult({
        status: 'failed',
        failures: [roundsFailure],
        error: {
          message: "spawn mcp-notes ENOENT: the server 'notes' did not start",
          stack:
            "Error: spawn mcp-notes ENOENT: the server 'notes' did not start\n    at startServer (start.ts:1:1)",
        },
      }),
    );

    expect(ScenarioAssertionError.isInstance(error)).toBe(false);
    expect(error?.stack).toBe(
      [
        "Error: the scenario in scenarios/refund.yaml could not run: spawn mcp-notes ENOENT: the server 'notes' did not start",
        'scenarios/refund.yaml turns[0].expect.rounds: expected rounds to be 2, got 3',
        '    at startServer (start.ts:1:1)',
      ].join('\n'),
    );
  });
});
