import type { IncomingHttpHeaders } from 'node:http';

/** The host names a mock HTTP server accepts by default: the loopback ones. */
export const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The DNS-rebinding check of the streamable HTTP transport: the Host header must name an allowed host (any
 * port), and an Origin header, when there is one, must be an allowed origin or have an allowed host name. `*`
 * in a list allows anything. Returns why the request is refused, or `undefined` when it may go on.
 */
export function checkRequestOrigin(options: {
  headers: IncomingHttpHeaders;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}): string | undefined {
  const { headers, allowedHosts, allowedOrigins } = options;
  const host = headers.host;
  const hostName = host === undefined ? undefined : toHostName(`http://${host}`);
  if (!allowedHosts.includes('*') && (hostName === undefined || !allowedHosts.includes(hostName))) {
    return (
      `Host '${host ?? '(none)'}' is not allowed. Allowed hosts: ${allowedHosts.join(', ')}; ` +
      'add others with allowedHosts (mock-mcp --allowed-host <name>).'
    );
  }
  const origin = headers.origin;
  if (origin === undefined || allowedOrigins.includes('*') || allowedOrigins.includes(origin))
    return undefined;
  const originHost = toHostName(origin);
  if (originHost !== undefined && allowedHosts.includes(originHost)) return undefined;
  return (
    `Origin '${origin}' is not allowed. Allowed: pages on ${allowedHosts.join(', ')}` +
    `${allowedOrigins.length === 0 ? '' : ` and ${allowedOrigins.join(', ')}`}; ` +
    'add others with allowedOrigins (mock-mcp --allowed-origin <origin>).'
  );
}

/** The host name of a URL (IPv6 in brackets, lower case), or `undefined` when it does not parse. */
function toHostName(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
