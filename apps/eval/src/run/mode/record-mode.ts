import { createMcpRecorder } from '../../record/create-mcp-recorder.js';
import type { RecordingWireOption } from '../../record/recording-directory.js';
import type { RecordedTurn } from '../../record/recording.js';
import type { RecordingRedaction } from '../../record/redact-recording.js';
import { saveLiveRecording } from '../../record/save-live-recording.js';
import type { ModelProxy } from '../../record/start-model-proxy.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';

/**
 * A live run that is recorded: `live` as it is, and besides each turn's model exchanges and the real servers'
 * answers; at the end, a run that passed is written beside the scenario file in place of its recording, and one
 * that failed keeps the recording from before. One past its deadline writes nothing.
 */
export function createRecordMode({
  live,
  proxy,
  record,
  scenario,
  routeId,
  cwd,
}: Pick<RunModeContext, 'scenario' | 'routeId' | 'cwd'> & {
  /** The live run being recorded (`createLiveMode`). */
  live: RunMode;
  proxy: ModelProxy;
  record: RecordingWireOption & { scenarioFile: string; redaction: RecordingRedaction };
}): RunMode {
  // Mocks answer from the scenario file: only the real servers' answers are recorded.
  const recorder = createMcpRecorder({
    servers: new Set(
      Object.entries(scenario.servers ?? {}).flatMap(([name, server]) =>
        'command' in server || 'url' in server ? [name] : [],
      ),
    ),
  });
  const turns: RecordedTurn[] = [];
  const { judgeEndpoint: _judgesNotRecordedYet, ...recorded } = live;
  return {
    ...recorded,
    servers: (servers) => ({
      ...live.servers(servers),
      onMessage: (message) => {
        recorder.onMessage(message);
      },
    }),
    startTurn(turn) {
      const liveTurn = live.startTurn(turn);
      const exchangeStart = proxy.exchanges(routeId).length;
      const toolCallStart = recorder.toolCalls().length;
      return {
        finish() {
          const ended = liveTurn.finish();
          turns.push({
            ...(turn.user === undefined ? {} : { user: turn.user }),
            models: proxy.exchanges(routeId).slice(exchangeStart),
            toolCalls: recorder.toolCalls().slice(toolCallStart),
          });
          return ended;
        },
      };
    },
    finish: async (outcome) =>
      outcome === 'abandoned'
        ? undefined
        : saveLiveRecording({
            ...record,
            cwd,
            secrets: live.secrets(),
            recorded: outcome === 'passed' ? { scenario, servers: recorder.servers(), turns } : undefined,
          }),
  };
}
