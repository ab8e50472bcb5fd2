import type { ModelProxy, ProxyUpstream } from '../../record/start-model-proxy.js';
import type { ModelEndpoint } from '../create-scenario-model.js';
import { scenarioProviders } from '../scenario-providers.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { toRecordedRequest } from './to-recorded-request.js';

/**
 * A scenario answered by the real API: its requests go through the live proxy on the scenario's route, which
 * adds the key (or signs them) and keeps each exchange; a turn's requests are the exchanges it made. Its judges
 * go to the same API on a route of their own (`judgeEndpoint`). It starts
 * the scenario's own servers and writes nothing; the keys and the credentials the proxy used are its secrets.
 */
export function createLiveMode({
  proxy,
  upstream,
  secrets,
  scenario,
  routeId,
}: Pick<RunModeContext, 'scenario' | 'routeId'> & {
  proxy: ModelProxy;
  upstream: ProxyUpstream;
  /** Values never written anywhere (the run's keys). */
  secrets: readonly string[];
}): RunMode {
  let endpoint: ModelEndpoint | undefined;
  return {
    source: 'live',
    // The route is scripted as in any run, though nothing is sent to it: what the fake checks stays the same.
    steps: scenario.turns.flatMap((turn) => turn.llm),
    // The proxy's route is opened when the run starts, once.
    endpoint: () =>
      (endpoint ??= {
        baseURL: proxy.route(routeId, {
          upstream,
          // The fake's chat completions path has a /v1 of its own; a live base URL for chat completions ends with it.
          stripPrefix: scenarioProviders[scenario.provider].apiPath,
        }),
      }),
    judgeEndpoint: (provider) => {
      if (provider !== scenario.provider) {
        throw new Error(
          `A live judge runs on the scenario's own provider (${scenario.provider}) so far, with its key; this scenario's judge.provider is ${provider}.`,
        );
      }
      return {
        baseURL: proxy.route(`${routeId}.judge`, {
          upstream,
          stripPrefix: scenarioProviders[scenario.provider].apiPath,
        }),
      };
    },
    servers: (servers) => ({ servers }),
    startTurn() {
      const start = proxy.exchanges(routeId).length;
      return {
        finish: () => ({
          received: proxy
            .exchanges(routeId)
            .slice(start)
            .map((exchange, index) => toRecordedRequest({ exchange, index, routeId })),
          failures: [],
        }),
      };
    },
    finish: () => Promise.resolve(undefined),
    secrets: () => [...secrets, ...proxy.secrets(routeId)],
  };
}
