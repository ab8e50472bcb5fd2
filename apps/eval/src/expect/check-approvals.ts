import type { ScenarioFailure } from '../report/run-report.js';
import type { ApprovalTrail } from '../run/drive-turn.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { createFailure } from './create-failure.js';

/**
 * `expect.approvals`: the calls that waited for approval (`paused`), and those the turn's approvals approved
 * and denied, each by tool name, all of them, in order.
 */
export function checkApprovals({
  expected,
  trail,
  path,
}: {
  expected: Expectation['approvals'];
  trail: ApprovalTrail;
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const actual = {
    paused: trail.paused.map((call) => call.name),
    approved: trail.decided.filter((call) => call.approved).map((call) => call.name),
    denied: trail.decided.filter((call) => !call.approved).map((call) => call.name),
  };
  const what = {
    paused: ['to wait for approval', 'these did'],
    approved: ['to be approved', 'these were'],
    denied: ['to be denied', 'these were'],
  } as const;
  return (['paused', 'approved', 'denied'] as const).flatMap((field) => {
    const names = expected[field];
    if (names === undefined || JSON.stringify(names) === JSON.stringify(actual[field])) return [];
    return [
      createFailure({
        path: `${path}.${field}`,
        message: `expected these calls ${what[field][0]}: ${describe(names)}; ${what[field][1]}: ${describe(actual[field])}`,
        expected: names,
        actual: actual[field],
      }),
    ];
  });
}

function describe(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.join(', ');
}
