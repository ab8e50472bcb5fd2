import type { JsonValue } from '@toolloop/core';
import type { ScenarioFailure } from '../../report/run-report.js';
import { checkDrift } from '../../record/check-drift.js';
import type { RecordingRedaction } from '../../record/redact-recording.js';
import type { Recording, SideRole } from '../../record/recording.js';
import { toReplayServers } from '../../record/to-replay-servers.js';
import { toReplaySteps } from '../../record/to-replay-steps.js';
import { scenarioProviders } from '../scenario-providers.js';
import type { RunMode, SideRoutes } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { serveFromFake } from './serve-from-fake.js';
import { sideRoles, sideRouteIdOf, splitByTurn } from './side-routes.js';
import { toReplayedPath } from './to-replayed-path.js';

/**
 * A scenario answered by its recording: the recorded answers sent again by the fake LLM, the real servers stood
 * in for by mocks that answer as they did, and each turn's requests checked against the recorded ones (a
 * request that differs is a `drift` failure); its judges and its simulated user are answered from the recording
 * too, on their own routes, and their requests checked the same way once the last turn is graded. It writes
 * nothing.
 */
export function createReplayMode({
  recording,
  directory,
  redaction,
  scenario,
  ...fake
}: RunModeContext & {
  recording: Recording;
  /** The recording's directory (`recordingDirectoryOf`): its answer files are sent from there. */
  directory: string;
  redaction: RecordingRedaction;
}): RunMode {
  const served = serveFromFake(fake);
  const { apiPath } = scenarioProviders[scenario.provider];
  const bodyFields = redaction.bodyFields ?? [];
  // The side routes the fake answered, and how many requests each had as each turn started.
  let sides: SideRoutes = {};
  const sideStarts: Array<Partial<Record<SideRole, number>>> = [];
  return {
    source: 'recording',
    steps: toReplaySteps({ recording, directory }),
    sideSteps: (role) => toReplaySteps({ recording, directory, kind: role }),
    endpoint: served.endpoint,
    servers: (servers) => ({ servers: { ...servers, ...toReplayServers(recording) } }),
    startTurn(turn) {
      const fakeTurn = served.startTurn(turn);
      sides = turn.sides;
      sideStarts.push(Object.fromEntries(sideRoles.map((role) => [role, sides[role]?.requests.length ?? 0])));
      return {
        finish(ended) {
          const { received } = fakeTurn.finish(ended);
          const failures = checkDrift({
            recorded: recording.turns[turn.index]?.models.map((exchange) => exchange.request) ?? [],
            sent: received.map((request) => ({
              path: toReplayedPath({ path: request.path, routeId: fake.routeId, apiPath }),
              body: request.body as JsonValue,
            })),
            path: `turns[${turn.index}]`,
            bodyFields,
          });
          return { received, failures };
        },
      };
    },
    finishSides() {
      const ran = sideStarts.length;
      // A conversation that ended sooner than its recording (a simulated user's goal reached earlier) left turns.
      const unrun: ScenarioFailure[] =
        recording.turns.length > ran
          ? [
              {
                path: `turns[${ran}]`,
                message: `the recording has ${recording.turns.length} turns; the run had ${ran} (the conversation ended sooner, or the scenario has fewer turns); re-record with --update`,
                expected: recording.turns.length,
                actual: ran,
                kind: 'drift',
                drifted: 'agent',
              },
            ]
          : [];
      return [
        ...unrun,
        ...sideRoles.flatMap((role) => {
          // A scenario that no longer asks a judge (or simulates no user) sent none: its recorded ones drift.
          const requests = sides[role]?.requests ?? [];
          const sideRouteId = sideRouteIdOf(fake.routeId, role);
          const byTurn = splitByTurn(
            role,
            requests,
            sideStarts.map((starts) => starts[role] ?? 0),
          );
          return byTurn.flatMap((sent, index) =>
            checkDrift({
              recorded: recording.turns[index]?.[role]?.map((exchange) => exchange.request) ?? [],
              sent: sent.map((request) => ({
                path: toReplayedPath({ path: request.path, routeId: sideRouteId, apiPath }),
                body: request.body as JsonValue,
              })),
              path: `turns[${index}]`,
              // The runner writes these requests itself: they are compared whole (the body fields are the agent's).
              bodyFields: [],
              kind: role,
            }),
          );
        }),
      ];
    },
    finish: () => Promise.resolve(undefined),
    secrets: () => [],
  };
}
