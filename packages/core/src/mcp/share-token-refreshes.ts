/** How many refreshes are remembered: enough for the requests of one expiry, and a few more. */
const rememberedRefreshes = 16;

/**
 * A fetch for one server's transport that makes each refresh of a refresh token once, however many requests
 * ask for it: requests refused together (their access token expired) each start a refresh with the same
 * refresh token, and an authorization server that rotates refresh tokens (OAuth 2.1) refuses all but the
 * first, which would send the user to sign in again. Every caller gets its own copy of the one answer, also a
 * caller that comes once it has arrived (it read the old token before the new one was saved). A refresh that
 * fails is not kept: the next request that needs one makes it again.
 */
export function shareTokenRefreshes(
  fetchFn: typeof fetch = fetch,
  onRefused: (refreshToken: string) => void = () => undefined,
): typeof fetch {
  const refreshes = new Map<string, Promise<Response>>();
  return async (input, init) => {
    const body = init?.body;
    const refreshToken =
      init?.method === 'POST' && body instanceof URLSearchParams && body.get('grant_type') === 'refresh_token'
        ? body.get('refresh_token')
        : null;
    if (refreshToken === null) return fetchFn(input, init);
    let refresh = refreshes.get(refreshToken);
    if (refresh === undefined) {
      refresh = fetchFn(input, init);
      refreshes.set(refreshToken, refresh);
      // The oldest is forgotten: a refresh token is not used again once its refresh has come back.
      for (const old of refreshes.keys()) {
        if (refreshes.size <= rememberedRefreshes) break;
        refreshes.delete(old);
      }
      // A refresh that did not succeed (the server unreachable, busy or failing) may be tried again: only a new
      // token's answer is shared with later callers.
      const forget = () => {
        if (refreshes.get(refreshToken) === refresh) refreshes.delete(refreshToken);
      };
      refresh.then((response) => {
        if (!response.ok) {
          forget();
          if (response.status === 400 || response.status === 401) onRefused(refreshToken);
        }
      }, forget);
    }
    return (await refresh).clone();
  };
}
