import { randomBytes } from 'node:crypto';
import type { JsonValue } from '@toolloop/core';
import { checkProxyRequest } from './check-proxy-request.js';
import type { RecordedModelExchange, RecordedModelResponse } from './recording.js';
import { splitRequestHeaders, withoutKeyParameters } from './split-request-headers.js';
import { startLoopbackServer, type LoopbackRequest, type LoopbackResponse } from './start-loopback-server.js';
import { findStreamFormat } from './stream-formats.js';
import { toUpstreamUrl } from './to-upstream-url.js';
import type { UpstreamSigner } from './upstream-signer.js';

/** Where one scenario's model requests really go, and with which credentials. */
export interface ProxyUpstream {
  /**
   * The API's base URL the request path continues: `https://api.anthropic.com` for the Messages API (the path
   * is `/v1/messages`), `https://api.openai.com/v1` for chat completions (the path is `/chat/completions`).
   */
  baseURL: string;
  /** Headers that carry the key, added on the way out: never seen by the agent, never recorded. */
  authHeaders: Record<string, string>;
  /** Signs each request for the API, on the way out (Bedrock's AWS SigV4): the agent signed it for the proxy. */
  signer?: UpstreamSigner | undefined;
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
  /** The credentials a route added on the way out so far (keys, AWS credentials): never to be written anywhere. */
  secrets(routeId: string): readonly string[];
  close(): Promise<void>;
}

/**
 * Starts the proxy that live runs go through. Each request to `/scenario/<routeId>/<path>` is sent on to its
 * route's upstream with the route's key, and its answer streamed back as it comes, byte for byte, while a copy
 * is kept: the request (its body parsed, its meaningful headers, its path and query) and the response's bytes,
 * whatever they are (server-sent events, NDJSON, Bedrock's binary event stream). A client that goes away aborts
 * the upstream request. Keys are added, and requests signed, only on the way out, so they are never in what is
 * kept.
 */
export async function startModelProxy(): Promise<ModelProxy> {
  // By secret: what requests name. The runner's ids name the same routes for `exchanges`.
  const routes = new Map<string, ProxyRoute>();
  const byId = new Map<string, ProxyRoute>();
  const server = await startLoopbackServer((request, response) => {
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
  const { port } = server;
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
    secrets: (routeId) => {
      const upstream = byId.get(routeId)?.upstream;
      return upstream === undefined
        ? []
        : [...Object.values(upstream.authHeaders), ...(upstream.signer?.secrets() ?? [])];
    },
    close: () => server.close(),
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
  request: LoopbackRequest;
  response: LoopbackResponse;
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
  const search = match[3] ?? '';
  const target = toUpstreamUrl({
    baseURL: route.upstream.baseURL,
    path,
    search: withoutKeyParameters(search),
  });
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
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const { forwarded, kept } = splitRequestHeaders(request.headers);
  const method = request.method ?? 'POST';
  const abort = new AbortController();
  response.on('close', () => {
    if (!response.writableEnded) abort.abort();
  });
  const signed =
    route.upstream.signer === undefined
      ? {}
      : await route.upstream.signer.sign({ method, url: target, headers: forwarded, body });
  const upstream = await fetch(target, {
    method,
    headers: { ...forwarded, ...route.upstream.authHeaders, ...signed },
    ...(body.length === 0 ? {} : { body }),
    signal: abort.signal,
  });
  const contentType = upstream.headers.get('content-type') ?? '';
  const passed: Record<string, string> = { 'content-type': contentType };
  // Bedrock names an error's type only in `x-amzn-errortype`: the agent's AWS SDK reads it there.
  for (const name of ['retry-after', 'request-id', 'x-request-id', 'x-amzn-requestid', 'x-amzn-errortype']) {
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
  response.end('');
  route.exchanges.push({
    request: { method, path: `${path}${withoutKeyParameters(search)}`, headers: kept, body: parseBody(body) },
    response: toKeptResponse({
      status: upstream.status,
      ok: upstream.ok,
      passed,
      body: Buffer.concat(received),
    }),
  });
}

const keptErrorHeaders = new Set(['retry-after', 'x-amzn-errortype']);

/**
 * An answer as a recording keeps it: a stream's bytes as they came, anything else (an error) as text, with the
 * headers a replay needs to answer it again (`retry-after`, Bedrock's error type).
 */
function toKeptResponse({
  status,
  ok,
  passed,
  body,
}: {
  status: number;
  ok: boolean;
  passed: Record<string, string>;
  body: Buffer;
}): RecordedModelResponse {
  const contentType = passed['content-type'] ?? '';
  if (ok && findStreamFormat(contentType) !== undefined) return { type: 'stream', status, contentType, body };
  return {
    type: 'error',
    status,
    headers: Object.fromEntries(Object.entries(passed).filter(([name]) => keptErrorHeaders.has(name))),
    body: body.toString('utf8'),
  };
}

function refuse({
  response,
  status,
  type,
  message,
}: {
  response: LoopbackResponse;
  status: number;
  type: string;
  message: string;
}): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ type: 'error', error: { type, message } }));
}

function parseBody(body: Buffer): JsonValue {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
