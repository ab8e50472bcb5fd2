import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';

/**
 * How a scenario is answered by its script on the fake LLM (the scenario's steps, or a recording replayed):
 * requests go to `/script/<id>` on the fake, in process when `fakeFetch` is given, and a turn's requests are the
 * ones the script received while it ran.
 */
export function serveFromFake({
  fakeUrl,
  fakeFetch,
  routeId,
}: Pick<RunModeContext, 'fakeUrl' | 'fakeFetch' | 'routeId'>): Pick<RunMode, 'endpoint' | 'startTurn'> {
  const baseURL = `${fakeUrl}/script/${encodeURIComponent(routeId)}`;
  return {
    endpoint: () => (fakeFetch === undefined ? { baseURL } : { baseURL, fetch: fakeFetch }),
    startTurn({ route }) {
      const start = route.requests.length;
      return { finish: () => ({ received: route.requests.slice(start), failures: [] }) };
    },
  };
}
