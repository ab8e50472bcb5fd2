import { createMcpRecorder } from '../../record/create-mcp-recorder.js';
import type { RecordingWireOption } from '../../record/recording-directory.js';
import { type RecordedModelExchange, type RecordedTurn, type SideRole } from '../../record/recording.js';
import type { RecordingRedaction } from '../../record/redact-recording.js';
import { saveLiveRecording } from '../../record/save-live-recording.js';
import type { ModelProxy } from '../../record/start-model-proxy.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { sideRoles, sideRouteIdOf, splitByTurn } from './side-routes.js';

/**
 * A live run that is recorded: `live` as it is, and besides each turn's model exchanges, its judges' and its
 * simulated user's, and the real servers' answers; at the end, a run that passed is written beside the scenario
 * file in place of its recording, and one that failed keeps the recording from before. One past its deadline writes nothing.
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
  // How many exchanges each side route had as each turn started: a turn's are those from its start to the next's.
  const sideStarts: Array<Record<SideRole, number>> = [];
  const sideExchanges = (role: SideRole) => proxy.exchanges(sideRouteIdOf(routeId, role));
  const withSides = (): RecordedTurn[] => {
    const split = Object.fromEntries(
      sideRoles.map((role) => [
        role,
        splitByTurn(
          role,
          sideExchanges(role),
          sideStarts.map((starts) => starts[role]),
        ),
      ]),
    ) as Record<SideRole, RecordedModelExchange[][]>;
    return turns.map((turn, index) => {
      const sides: Pick<RecordedTurn, SideRole> = {};
      for (const role of sideRoles) {
        const exchanges = split[role][index] ?? [];
        if (exchanges.length > 0) sides[role] = exchanges;
      }
      return { ...turn, ...sides };
    });
  };
  return {
    ...live,
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
      sideStarts.push(
        Object.fromEntries(sideRoles.map((role) => [role, sideExchanges(role).length])) as Record<
          SideRole,
          number
        >,
      );
      return {
        finish({ user }) {
          const ended = liveTurn.finish({ user });
          turns.push({
            ...(user === undefined ? {} : { user }),
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
            recorded:
              outcome === 'passed'
                ? { scenario, servers: recorder.servers(), turns: withSides() }
                : undefined,
          }),
  };
}
