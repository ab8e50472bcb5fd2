import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonValue } from '@toolloop/core';
import type { RecordedModelExchange } from './recording.js';

/** Where one scenario's model requests really go, and with which credentials. */
export interface ProxyUpstream {
  /**
   * The API's base URL the request path continues: `https://api.anthropic.com` for the Messages API (the path
   * is `/v1/messages`), `https://api.openai.com/v1` for chat completions (the path is `/chat/completions`).
   */
  baseURL: string;
  /** Headers that carry the key, added on the way out: never seen by the agent, never recorded. */
  authHeaders: Record<string, string>;
}

/** A loopback proxy between the agent under test and the real API, keeping what went through it per route. */
export interface ModelProxy {
  /** The proxy's base URL. */
  url: string;
  /**
   * Sends a route's requests to `upstream` and gives the route's base URL, `${url}/scenario/<secret>`: the path
   * after it is kept, less `stripPrefix`. The secret is random, so that no one but the agent it is given to
   * (another user of the machine, a web page) can spend the key through the proxy; `routeId` names the route
   * only for `exchanges`.
   */
  route(routeId: string, options: { upstream: ProxyUpstream; stripPrefix?: string }): string;
  /** What went through a route so far, in order. */
  exchanges(routeId: string): readonly RecordedModelExchange[];
  close(): Promise<void>;
}

// Headers the agent's client sends that say nothing about the request's meaning, or carry a secret: they are
// neither forwarded as they are (credentials are replaced) nor recorded.
const credentialHeaders = new Set([
  'authorization',
  'x-api-key',
  'api-key',
  'cookie',
  'proxy-authorization',
  'openai-organization',
  'openai-project',
]);
const transportHeaders = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'keep-alive']);
const isNoise = (name: string) => name === 'user-agent' || name.startsWith('x-stainless-');

/**
 * Starts the proxy that live runs go through. Each request to `/scenario/<routeId>/<path>` is sent on to its
 * route's upstream with the route's key, and its answer streamed back as it comes, byte for byte, while a copy
 * is kept: the request (its body parsed, its meaningful headers) and the response's bytes. A client that goes
 * away aborts the upstream request. Keys are added only on the way out, so they are never in what is kept.
 */
export async function startModelProxy(): Promise<ModelProxy> {
  // By secret: what requests name. The runner's ids name the same routes for `exchanges`.
  const routes = new Map<string, ProxyRoute>();
  const byId = new Map<string, ProxyRoute>();
  const server = createServer((request, response) => {
    handle({ request, response, routes }).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              type: 'proxy_error',
              message: `toolloop-eval's live proxy could not reach the API: ${error instanceof Error ? error.message : String(error)}`,
            },
          }),
        );
      } else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    route(routeId, { upstream, stripPrefix = '' }) {
      const route: ProxyRoute = { upstream, stripPrefix, exchanges: [] };
      const secret = randomBytes(24).toString('base64url');
      routes.set(secret, route);
      byId.set(routeId, route);
      return `http://127.0.0.1:${port}/scenario/${secret}`;
    },
    exchanges: (routeId) => byId.get(routeId)?.exchanges ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

interface ProxyRoute {
  upstream: ProxyUpstream;
  stripPrefix: string;
  exchanges: RecordedModelExchange[];
}

const routePattern = /^\/scenario\/([^/?]+)(\/[^?]*)?(\?.*)?$/u;

async function handle({
  request,
  response,
  routes,
}: {
  request: IncomingMessage;
  response: ServerResponse;
  routes: Map<string, ProxyRoute>;
}): Promise<void> {
  const refusal = checkProxyRequest(request);
  if (refusal !== undefined) {
    refuse({ response, status: 403, type: 'permission_error', message: refusal });
    return;
  }
  const match = routePattern.exec(request.url ?? '');
  const route = match === null ? undefined : routes.get(match[1] ?? '');
  if (match === null || route === undefined) {
    // The path is not repeated: it may hold another route's secret, or the text a page chose.
    refuse({ response, status: 404, type: 'not_found', message: 'No live route here.' });
    return;
  }
  const fullPath = match[2] ?? '/';
  // The prefix is a whole part of the path: `/v1.evil.example` is not `/v1` and `.evil.example`.
  const path =
    route.stripPrefix !== '' &&
    (fullPath === route.stripPrefix || fullPath.startsWith(`${route.stripPrefix}/`))
      ? fullPath.slice(route.stripPrefix.length) || '/'
      : fullPath;
  const target = toUpstreamUrl({ baseURL: route.upstream.baseURL, path, search: match[3] ?? '' });
  if (target === undefined) {
    refuse({
      response,
      status: 400,
      type: 'invalid_request_error',
      message: `The path ${JSON.stringify(path)} leaves the API's base path; the live proxy sends nothing on.`,
    });
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  const bodyText = Buffer.concat(chunks).toString('utf8');

  const forwarded: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || credentialHeaders.has(name) || transportHeaders.has(name)) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    forwarded[name] = text;
    if (!isNoise(name) && name !== 'accept' && name !== 'content-type') kept[name] = text;
  }
  const abort = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) abort.abort();
  });
  const upstream = await fetch(target, {
    method: request.method ?? 'POST',
    headers: { ...forwarded, ...route.upstream.authHeaders },
    ...(bodyText === '' ? {} : { body: bodyText }),
    signal: abort.signal,
  });
  const contentType = upstream.headers.get('content-type') ?? '';
  const passed: Record<string, string> = { 'content-type': contentType };
  for (const name of ['retry-after', 'request-id', 'x-request-id']) {
    const value = upstream.headers.get(name);
    if (value !== null) passed[name] = value;
  }
  response.writeHead(upstream.status, passed);
  const received: Buffer[] = [];
  if (upstream.body !== null) {
    for await (const chunk of upstream.body as AsyncIterable<Uint8Array>) {
      const bytes = Buffer.from(chunk);
      received.push(bytes);
      response.write(bytes);
    }
  }
  response.end();
  const body = Buffer.concat(received).toString('utf8');
  route.exchanges.push({
    request: {
      method: request.method ?? 'POST',
      path: `${path}${match[3] ?? ''}`,
      headers: kept,
      body: parseBody(bodyText),
    },
    response:
      upstream.ok && contentType.includes('text/event-stream')
        ? { type: 'stream', status: upstream.status, contentType, body }
        : {
            type: 'error',
            status: upstream.status,
            headers: Object.fromEntries(Object.entries(passed).filter(([name]) => name === 'retry-after')),
            body,
          },
  });
}

/**
 * Refuses what the agent under test never sends: a Host that is not a loopback name (a page on another site
 * whose name was made to point at 127.0.0.1, DNS rebinding) and an Origin (a web page: the agent is a program).
 */
function checkProxyRequest(request: IncomingMessage): string | undefined {
  const host = request.headers.host;
  const hostName = host === undefined ? undefined : toHostName(`http://${host}`);
  if (hostName === undefined || !loopbackHosts.has(hostName))
    return `Host ${JSON.stringify(host ?? '(none)')} is refused: the live proxy answers requests to ${[...loopbackHosts].join(', ')} only.`;
  const origin = request.headers.origin;
  if (origin !== undefined)
    return `Origin ${JSON.stringify(origin)} is refused: the live proxy answers the agent under test, not a web page.`;
  return undefined;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

function toHostName(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The API's URL for a route's path, built on the parsed base URL, never by joining text: the host and port are
 * the base's whatever the path holds (`//host`, `@host`, `.1:8080` after `http://127.0.0`), and a path whose
 * dot segments (`..`, `%2e%2e`) leave the base path gives `undefined`.
 */
function toUpstreamUrl({
  baseURL,
  path,
  search,
}: {
  baseURL: string;
  path: string;
  search: string;
}): URL | undefined {
  const base = new URL(baseURL);
  const basePath = base.pathname.replace(/\/+$/u, '');
  const target = new URL(base.href);
  target.pathname = `${basePath}${path}`;
  target.search = search;
  target.hash = '';
  const inside = target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
  return target.origin === base.origin && inside ? target : undefined;
}

function refuse({
  response,
  status,
  type,
  message,
}: {
  response: ServerResponse;
  status: number;
  type: string;
  message: string;
}): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ type: 'error', error: { type, message } }));
}

function parseBody(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
