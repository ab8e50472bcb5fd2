import type { RecordedModelExchange, Recording } from '../../record/recording.js';
import { saveLiveRecording } from '../../record/save-live-recording.js';
import type { ModelProxy } from '../../record/start-model-proxy.js';
import type { RecordModeOptions } from '../scenario-mode.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { sideRouteIdOf, splitByTurn } from './side-routes.js';

/**
 * A replay whose judges are graded again, live (`--update` of a replay where only the judges' requests drifted:
 * a rubric changed, or the judge's prompt): the agent and its simulated user answered from the recording as in
 * `replay`, and checked against it; the judges sent to the real API through the live run's proxy. A run that
 * passed writes the recording back with each turn's new judge exchanges in place of the old; the agent's are kept
 * as they were. A run that failed keeps the recording from before.
 */
export function createRegradeMode({
  replay,
  live,
  proxy,
  record,
  recording,
  scenario,
  routeId,
  cwd,
}: Pick<RunModeContext, 'scenario' | 'routeId' | 'cwd'> & {
  /** The replay of the recording (`createReplayMode`). */
  replay: RunMode;
  /** The live run whose judges' endpoint and secrets are used (`createLiveMode`). */
  live: RunMode;
  proxy: ModelProxy;
  record: RecordModeOptions;
  recording: Recording;
}): RunMode {
  const judgeRoute = sideRouteIdOf(routeId, 'judges');
  const starts: number[] = [];
  return {
    ...replay,
    sideEndpoint: (role, provider) => (role === 'judges' ? live.sideEndpoint?.(role, provider) : undefined),
    // The judges ran live: only the simulated user's requests are checked against the recording.
    finishSides: () => (replay.finishSides?.() ?? []).filter((failure) => failure.drifted !== 'judge'),
    startTurn(turn) {
      starts.push(proxy.exchanges(judgeRoute).length);
      return replay.startTurn(turn);
    },
    finish: async (outcome) => {
      if (outcome === 'abandoned') return undefined;
      const judges = splitByTurn<RecordedModelExchange>('judges', proxy.exchanges(judgeRoute), starts);
      return saveLiveRecording({
        ...record,
        cwd,
        secrets: live.secrets(),
        recorded:
          outcome === 'passed'
            ? {
                scenario,
                servers: recording.servers,
                turns: recording.turns.map(({ judges: _before, ...turn }, index) => {
                  const graded = judges[index] ?? [];
                  return graded.length === 0 ? turn : { ...turn, judges: graded };
                }),
              }
            : undefined,
      });
    },
    secrets: () => live.secrets(),
  };
}
