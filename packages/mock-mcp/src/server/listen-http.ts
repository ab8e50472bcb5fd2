import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server';
import { checkRequestOrigin, loopbackHosts } from './check-request-origin.js';
import { isToolsListen } from './track-tool-listeners.js';
import { createMemoryEventStore } from './create-memory-event-store.js';

/** A mock server listening on a loopback port. */
export interface MockHttpListener {
  /** The MCP endpoint, e.g. `http://127.0.0.1:54321/mcp` (every path is served). */
  url: string;
  port: number;
  /** Closes every session and the HTTP server; the port is free when it resolves. */
  close: () => Promise<void>;
}

/** Where a mock serves streamable HTTP, and which Host and Origin headers it accepts. */
export interface MockHttpOptions {
  /** Default 0: a free port (the listener's `port` and `url` say which). */
  port?: number;
  /** The address to bind; default `127.0.0.1`. */
  host?: string;
  /**
   * Host names (no port; IPv6 in brackets) the Host header may name, and an Origin header's host name may
   * have. Default: `localhost`, `127.0.0.1`, `[::1]`, and `host` when it is a specific address. `*` allows any.
   */
  allowedHosts?: string[];
  /** Origins (`http://app.example:8080`) allowed besides those on an allowed host. `*` allows any. */
  allowedOrigins?: string[];
}

/**
 * Serves streamable HTTP. 2025-11-25 with stateful sessions: each `initialize` POST gets a new transport (with
 * an in-memory event store, so SSE streams resume from `Last-Event-ID`) and a new session server from
 * `connectSession`; later requests are routed by their `mcp-session-id` header. 2026-07-28 (with `modern`):
 * a request the v2 SDK does not call a 2025-11-25 one (`isLegacyRequest`) goes to `modern`, which answers
 * each on its own. Requests whose Host or Origin is not allowed get HTTP 403 (the transport's DNS-rebinding
 * rule); with `bearerToken`, one without that token gets HTTP 401.
 */
export async function listenHttp(
  options: MockHttpOptions & {
    /** Serves a 2025-11-25 session; without it, every request goes to `modern`, which refuses that revision. */
    connectSession:
      | ((options: {
          transport: StreamableHTTPServerTransport;
          onCrash: () => Promise<void>;
        }) => Promise<{ close: () => Promise<void> }>)
      | undefined;
    /**
     * Makes the handler of 2026-07-28 requests; `crash` drops the connections of those under way, as a server
     * that crashed drops them.
     */
    modern?: (hooks: {
      crash: () => Promise<void>;
      /** Whether a client holds a `subscriptions/listen` stream open for tool list changes. */
      isListening: () => boolean;
    }) => { handler: McpHttpHandler; close: () => Promise<void> };
    /** The bearer token a request must carry now, if any (the spec's `auth`). */
    bearerToken?: () => string | undefined;
  },
): Promise<MockHttpListener> {
  const { port = 0, host = '127.0.0.1', allowedOrigins = [] } = options;
  const allowedHosts = options.allowedHosts ?? defaultAllowedHosts(host);
  const sessions = new Map<string, HttpSession>();
  const modernResponses = new Set<ServerResponse>();
  // The subscriptions/listen streams open for tool list changes (each ends with its response).
  let toolListeners = 0;
  const modern = options.modern?.({
    crash: () => {
      for (const open of modernResponses) open.socket?.destroy();
      return Promise.resolve();
    },
    isListening: () => toolListeners > 0,
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = checkRequestOrigin({ headers: request.headers, allowedHosts, allowedOrigins });
    if (refusal !== undefined) {
      replyWithError({ response, status: 403, message: refusal });
      return;
    }
    const token = options.bearerToken?.();
    if (token !== undefined) {
      const problem = checkBearer({ authorization: request.headers.authorization, token });
      if (problem !== undefined) {
        replyUnauthorized({ response, description: problem });
        return;
      }
    }
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (known !== undefined) {
      await serveRequest({ session: known, request, response });
      return;
    }
    const body = request.method === 'POST' ? await readJsonBody(request) : undefined;
    const { connectSession } = options;
    // A request the v2 SDK does not call 2025-11-25 goes to the 2026-07-28 handler, whatever session id it has.
    if (
      modern !== undefined &&
      (connectSession === undefined || !(await isLegacyRequest(toWebRequest({ request, host }), body)))
    ) {
      if (isToolsListen(body)) {
        toolListeners += 1;
        response.once('close', () => (toolListeners -= 1));
      }
      await serveFetch({ handler: modern.handler, request, response, body, host, open: modernResponses });
      return;
    }
    if (typeof sessionId === 'string') {
      replyWithError({ response, status: 404, message: `Session '${sessionId}' not found.` });
      return;
    }
    if (connectSession === undefined) throw new Error('The mock serves neither revision over HTTP.');
    if (!isInitializeRequest(body)) {
      replyWithError({
        response,
        status: 400,
        message: 'No mcp-session-id header, and the request is not an initialize request.',
      });
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: createMemoryEventStore(),
      // Called while the initialize request is handled, before the client can send the next one.
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    const openResponses = new Set<ServerResponse>();
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const mcpServer = await connectSession({
      transport,
      // A crashed HTTP server drops its connections: the client's streams break instead of ending cleanly.
      onCrash: async () => {
        for (const open of openResponses) open.socket?.destroy();
        await transport.close();
      },
    });
    const session: HttpSession = { transport, mcpServer, openResponses };
    await serveRequest({ session, request, response, body });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        replyWithError({
          response,
          status: 500,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The HTTP server has no TCP address.');
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/mcp`,
    port: address.port,
    close: async () => {
      await Promise.all([...sessions.values()].map((session) => session.mcpServer.close()));
      await modern?.close();
      for (const open of modernResponses) open.destroy();
      const closed = new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      server.closeAllConnections();
      await closed;
    },
  };
}

function defaultAllowedHosts(host: string): string[] {
  const bound = host.includes(':') ? `[${host}]` : host;
  const isWildcard = host === '0.0.0.0' || host === '::';
  return isWildcard || loopbackHosts.includes(bound) ? loopbackHosts : [...loopbackHosts, bound];
}

interface HttpSession {
  transport: StreamableHTTPServerTransport;
  mcpServer: { close: () => Promise<void> };
  openResponses: Set<ServerResponse>;
}

async function serveRequest(options: {
  session: HttpSession;
  request: IncomingMessage;
  response: ServerResponse;
  body?: unknown;
}): Promise<void> {
  const { session, request, response } = options;
  session.openResponses.add(response);
  response.once('close', () => session.openResponses.delete(response));
  await session.transport.handleRequest(request, response, options.body);
}

/** The web `Request` the v2 SDK's HTTP entry reads (its body, already read, is passed beside it). */
function toWebRequest({ request, host }: { request: IncomingMessage; host: string }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const authority = request.headers.host ?? host;
  return new Request(new URL(request.url ?? '/', `http://${authority}`), {
    method: request.method ?? 'GET',
    headers,
  });
}

/** Answers one request with a fetch-shaped handler, streaming its body (an SSE stream stays open). */
async function serveFetch(options: {
  handler: McpHttpHandler;
  request: IncomingMessage;
  response: ServerResponse;
  body: unknown;
  host: string;
  open: Set<ServerResponse>;
}): Promise<void> {
  const { handler, request, response, body, host, open } = options;
  const aborted = new AbortController();
  response.once('close', () => {
    open.delete(response);
    aborted.abort();
  });
  open.add(response);
  const base = toWebRequest({ request, host });
  const webRequest = new Request(base, { signal: aborted.signal });
  const answer = await handler.fetch(webRequest, body === undefined ? {} : { parsedBody: body });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body === null) {
    response.end();
    return;
  }
  try {
    for await (const chunk of answer.body) {
      if (response.destroyed) break;
      response.write(chunk);
    }
  } finally {
    response.end();
  }
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Why a request's `Authorization` header does not carry the token, or `undefined` when it does. */
function checkBearer({
  authorization,
  token,
}: {
  authorization: string | undefined;
  token: string;
}): string | undefined {
  if (authorization === undefined) return 'Missing Authorization header';
  // RFC 6750 §2.1: "Bearer", one or more spaces, the token; nothing after it.
  const value = /^bearer +(?<token>\S+)$/iu.exec(authorization)?.groups?.token;
  if (value === undefined) return "Invalid Authorization header format, expected 'Bearer TOKEN'";
  return value === token ? undefined : 'The access token is not valid (expired, revoked or another).';
}

/**
 * A 401 as a server built on the MCP SDK's `requireBearerAuth` answers it: the OAuth error in WWW-Authenticate and
 * as the body (no `resource_metadata`: the mock offers no OAuth discovery).
 */
function replyUnauthorized({
  response,
  description,
}: {
  response: ServerResponse;
  description: string;
}): void {
  response.writeHead(401, {
    'content-type': 'application/json',
    'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
  response.end(JSON.stringify({ error: 'invalid_token', error_description: description }));
}

function replyWithError(options: { response: ServerResponse; status: number; message: string }): void {
  options.response.writeHead(options.status, { 'content-type': 'application/json' });
  options.response.end(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: options.message }, id: null }),
  );
}
