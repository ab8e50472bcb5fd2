import type { LoopbackRequest } from './start-loopback-server.js';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Refuses what the agent under test never sends: a Host that is not a loopback name (a page on another site
 * whose name was made to point at 127.0.0.1, DNS rebinding) and an Origin (a web page: the agent is a program).
 */
export function checkProxyRequest(request: LoopbackRequest): string | undefined {
  // HTTP/2 names the host in `:authority`.
  const authority = request.headers[':authority'];
  const host = request.headers.host ?? (typeof authority === 'string' ? authority : undefined);
  const hostName = host === undefined ? undefined : toHostName(`http://${host}`);
  if (hostName === undefined || !loopbackHosts.has(hostName))
    return `Host ${JSON.stringify(host ?? '(none)')} is refused: the live proxy answers requests to ${[...loopbackHosts].join(', ')} only.`;
  const origin = request.headers.origin;
  if (origin !== undefined)
    return `Origin ${JSON.stringify(origin)} is refused: the live proxy answers the agent under test, not a web page.`;
  return undefined;
}

function toHostName(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
