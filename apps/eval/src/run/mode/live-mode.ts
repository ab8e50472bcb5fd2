import type { ModelProxy, ProxyUpstream } from '../../record/start-model-proxy.js';
import type { ModelEndpoint } from '../create-scenario-model.js';
import { scenarioProviders } from '../scenario-providers.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { sideRoles, sideRouteIdOf } from './side-routes.js';
import { toRecordedRequest } from './to-recorded-request.js';

/**
 * A scenario answered by the real API: its requests go through the live proxy on the scenario's route, which
 * adds the key (or signs them) and keeps each exchange; a turn's requests are the exchanges it made. Its judges
 * and simulated user go to the same API, each on a route of its own (`sideEndpoint`). It starts
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
    sideEndpoint: (role, provider) => {
      if (provider !== scenario.provider) {
        throw new Error(
          `A live ${role === 'judges' ? 'judge' : 'simulated user'} runs on the scenario's own provider (${scenario.provider}) so far, with its key; this scenario names ${provider} for it.`,
        );
      }
      return {
        baseURL: proxy.route(sideRouteIdOf(routeId, role), {
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
    secrets: () => [
      ...secrets,
      ...[routeId, ...sideRoles.map((role) => sideRouteIdOf(routeId, role))].flatMap((id) =>
        proxy.secrets(id),
      ),
    ],
  };
}
