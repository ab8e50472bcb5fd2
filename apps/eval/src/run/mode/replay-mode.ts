import type { JsonValue } from '@toolloop/core';
import { checkDrift } from '../../record/check-drift.js';
import type { RecordingRedaction } from '../../record/redact-recording.js';
import type { Recording } from '../../record/recording.js';
import { toReplayServers } from '../../record/to-replay-servers.js';
import { toReplaySteps } from '../../record/to-replay-steps.js';
import { scenarioProviders } from '../scenario-providers.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { serveFromFake } from './serve-from-fake.js';
import { toReplayedPath } from './to-replayed-path.js';

/**
 * A scenario answered by its recording: the recorded answers sent again by the fake LLM, the real servers stood
 * in for by mocks that answer as they did, and each turn's requests checked against the recorded ones (a
 * request that differs is a `drift` failure). It writes nothing.
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
  return {
    source: 'recording',
    steps: toReplaySteps({ recording, directory }),
    endpoint: served.endpoint,
    servers: (servers) => ({ servers: { ...servers, ...toReplayServers(recording) } }),
    startTurn(turn) {
      const fakeTurn = served.startTurn(turn);
      return {
        finish() {
          const { received } = fakeTurn.finish();
          const failures = checkDrift({
            recorded: recording.turns[turn.index]?.models.map((exchange) => exchange.request) ?? [],
            sent: received.map((request) => ({
              path: toReplayedPath({ path: request.path, routeId: fake.routeId, apiPath }),
              body: request.body as JsonValue,
            })),
            path: `turns[${turn.index}]`,
            bodyFields: redaction.bodyFields ?? [],
          });
          return { received, failures };
        },
      };
    },
    finish: () => Promise.resolve(undefined),
    secrets: () => [],
  };
}
