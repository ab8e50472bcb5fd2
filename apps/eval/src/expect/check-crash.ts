import type { ScenarioFailure } from '../report/run-report.js';
import type { CrashPoint, CrashReport } from '../run/create-loop-turn-runner.js';

/**
 * What a turn's `crash` must have done: end its host at its point, and have the new host wait for the crashed
 * host's lease (a host that took a running lease at once would run turns of the session beside another).
 */
export function checkCrash({
  point,
  report,
  path,
}: {
  point: CrashPoint;
  report: CrashReport;
  path: string;
}): ScenarioFailure[] {
  if (!report.reached) {
    return [
      {
        path,
        message: `the turn ended without reaching its crash point (${describeCrashPoint(point)}), so no host crashed`,
        expected: point,
        actual: null,
      },
    ];
  }
  return report.waitedForLease
    ? []
    : [
        {
          path,
          message:
            "the new host was given the session's lease at once, while the crashed host's lease still ran: it did not wait for it to run out",
          expected: 'busy, then acquired',
          actual: 'acquired',
        },
      ];
}

/** A `crash` point as a failure names it. */
function describeCrashPoint(point: CrashPoint): string {
  switch (point.at) {
    case 'tool-started':
    case 'tool-finished':
      return `${point.at} of ${point.tool === undefined ? 'any tool' : `'${point.tool}'`}`;
    case 'mid-stream':
      return `mid-stream in round ${point.round ?? 1}`;
    default: {
      const unexpected: never = point;
      return JSON.stringify(unexpected);
    }
  }
}
