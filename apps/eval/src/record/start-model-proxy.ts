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
  /** The proxy's base URL; a route's requests go to `${url}/scenario/<routeId>`. */
  url: string;
  /** Sends a route's requests to `upstream`; the path after `/scenario/<routeId>` is kept, less `stripPrefix`. */
  route(routeId: string, options: { upstream: ProxyUpstream; stripPrefix?: string }): void;
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
  const routes = new Map<
    string,
    { upstream: ProxyUpstream; stripPrefix: string; exchanges: RecordedModelExchange[] }
  >();
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
      routes.set(routeId, { upstream, stripPrefix, exchanges: [] });
    },
    exchanges: (routeId) => routes.get(routeId)?.exchanges ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

const routePattern = /^\/scenario\/([^/]+)(\/.*)$/u;

async function handle({
  request,
  response,
  routes,
}: {
  request: IncomingMessage;
  response: ServerResponse;
  routes: Map<string, { upstream: ProxyUpstream; stripPrefix: string; exchanges: RecordedModelExchange[] }>;
}): Promise<void> {
  const match = routePattern.exec(request.url ?? '');
  const route = match === null ? undefined : routes.get(decodeURIComponent(match[1] ?? ''));
  if (match === null || route === undefined) {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ error: { type: 'not_found', message: `No live route for ${request.url}.` } }),
    );
    return;
  }
  const fullPath = match[2] ?? '/';
  const path = fullPath.startsWith(route.stripPrefix) ? fullPath.slice(route.stripPrefix.length) : fullPath;
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
  const upstream = await fetch(`${route.upstream.baseURL.replace(/\/+$/u, '')}${path}`, {
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
    request: { method: request.method ?? 'POST', path, headers: kept, body: parseBody(bodyText) },
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

function parseBody(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
