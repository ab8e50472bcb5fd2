import type { JsonValue } from '@toolloop/core';
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
      return sideRoles.flatMap((role) => {
        const route = sides[role];
        if (route === undefined) return [];
        const sideRouteId = sideRouteIdOf(fake.routeId, role);
        const byTurn = splitByTurn(
          role,
          route.requests,
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
            bodyFields,
            kind: role,
          }),
        );
      });
    },
    finish: () => Promise.resolve(undefined),
    secrets: () => [],
  };
}
