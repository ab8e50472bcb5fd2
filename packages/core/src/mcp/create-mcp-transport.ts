import { PassThrough } from 'node:stream';
import {
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { OversizedMessage } from './create-message-reader.js';
import { createProcessGroupStdioTransport } from './create-process-group-stdio-transport.js';
import {
  defaultMaxMessageBytes,
  isHttpServerConfig,
  isStdioServerConfig,
  type McpServerConfig,
} from './mcp-server-config.js';
import { settleWithin } from './settle-within.js';

/** How much of a stdio server's stderr is kept, to explain a crash in the error that reports it. */
const stderrTailLength = 2_000;

/** A transport for one server, and the last lines the server wrote to stderr (stdio servers only). */
export interface McpTransport {
  transport: Transport;
  stderrTail(): string;
  /** The message over the server's `maxMessageBytes` that closed the transport, if one did. */
  oversizedMessage(): OversizedMessage | undefined;
  /** An HTTP server's: exchanges the code of a sign-in made during a request for tokens (OAuth). */
  finishAuth?: (callback: URLSearchParams) => Promise<void>;
  /**
   * Ends the server's side too, then closes the transport: an HTTP server's session is terminated (`DELETE`
   * with its `Mcp-Session-Id`), a stdio server's process group is ended. A second call waits for the first.
   */
  close(): Promise<void>;
}

/**
 * Creates the transport a server config asks for. A stdio server is spawned directly (no shell) with the
 * SDK's minimal environment plus the config's `env`: the parent's secrets are not passed on. On POSIX it runs
 * in a process group of its own, which `close()` ends whole (stdin EOF, then SIGTERM, then SIGKILL,
 * `gracePeriodMs` apart); on Windows, which has no process groups, the SDK's transport starts it (resolving
 * `.cmd` shims) and ends that process. Its stderr is captured, not mixed into the host's output.
 */
export async function createMcpTransport({
  config,
  gracePeriodMs,
  authProvider,
}: {
  config: McpServerConfig;
  /** For an HTTP server behind OAuth: what gets its tokens, and signs in, and the fetch its requests use. */
  authProvider?: OAuthClientProvider & { fetch: typeof fetch };
  /** How long `close()` waits at each step of ending a stdio server (see above), or for a session's end. */
  gracePeriodMs: number;
}): Promise<McpTransport> {
  if (!isStdioServerConfig(config) && !isHttpServerConfig(config)) {
    const transport = await config.createTransport();
    return { transport, ...noStdio, close: once(() => transport.close()) };
  }
  if (isHttpServerConfig(config)) {
    const transport = new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: config.headers === undefined ? {} : { headers: config.headers },
      // Behind OAuth: the token requests too go through this fetch, which refreshes a token once for all.
      ...(authProvider === undefined ? {} : { authProvider, fetch: authProvider.fetch }),
    });
    const close = async () => {
      const { sessionId, protocolVersion } = transport;
      // The transport first: its streams end with it and are not retried. Ended the other way round, the server
      // ends the streams of calls given up on as the session ends, the SDK schedules a retry for each, and its
      // close clears only the last one's timer: the others fire after the close.
      await transport.close();
      if (sessionId === undefined) return;
      const request = new AbortController();
      // Not waited for beyond the grace period, then cancelled. A server behind OAuth takes it with the token.
      const accessToken = (await authProvider?.tokens())?.access_token;
      await settleWithin(
        endHttpSession({
          url: config.url,
          headers:
            accessToken === undefined
              ? config.headers
              : { ...config.headers, authorization: `Bearer ${accessToken}` },
          sessionId,
          protocolVersion,
          signal: request.signal,
        }),
        gracePeriodMs,
      );
      request.abort();
    };
    return {
      transport,
      ...noStdio,
      finishAuth: (callback) => transport.finishAuth(callback),
      close: once(close),
    };
  }
  const parameters = {
    command: config.command,
    args: config.args ?? [],
    env: { ...getDefaultEnvironment(), ...config.env },
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
  };
  const maxMessageBytes = config.maxMessageBytes ?? defaultMaxMessageBytes;
  const transport =
    process.platform === 'win32'
      ? new StdioClientTransport({ ...parameters, stderr: 'pipe', maxBufferSize: maxMessageBytes })
      : createProcessGroupStdioTransport({ ...parameters, gracePeriodMs, maxMessageBytes });
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-stderrTailLength);
  });
  const close = async () => {
    await transport.close();
    const stderr = transport.stderr;
    if (stderr instanceof PassThrough) stderr.destroy();
  };
  return {
    transport,
    stderrTail: () => tail.trim(),
    // The SDK's transport (Windows) closes too past its limit, but does not say that this was why.
    oversizedMessage: () => ('oversizedMessage' in transport ? transport.oversizedMessage : undefined),
    close: once(close),
  };
}

/**
 * Ends an HTTP server's MCP session: `DELETE` with its `Mcp-Session-Id`, as the transport's own
 * `terminateSession` sends it. A 405 says the server does not end sessions this way, which is not an error.
 */
async function endHttpSession({
  url,
  headers,
  sessionId,
  protocolVersion,
  signal,
}: {
  url: string;
  headers: Record<string, string> | undefined;
  sessionId: string;
  protocolVersion: string | undefined;
  signal: AbortSignal;
}): Promise<void> {
  const response = await fetch(url, {
    method: 'DELETE',
    headers: {
      ...headers,
      'mcp-session-id': sessionId,
      ...(protocolVersion === undefined ? {} : { 'mcp-protocol-version': protocolVersion }),
    },
    signal,
    redirect: 'error',
  });
  await response.body?.cancel();
}

/** What a transport without a child process has to say about one. */
const noStdio = { stderrTail: () => '', oversizedMessage: () => undefined };

/** `close` run at most once: later calls get the first call's promise. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
