import { endSentence } from '../internal/end-sentence.js';
import {
  Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type CallToolResult,
  type Progress,
  type JSONRPCMessage,
  type ListToolsResult,
  type VersionNegotiationMode,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { ToolSourceError } from '../errors/tool-source-error.js';
import { describeThrown } from '../internal/describe-thrown.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { redactUrl, redactUrlSecrets } from '../redact-url-secrets.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';
import type { JsonValue } from '../json-value.js';
import type { ToolProgress } from '../tools/tool-source.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { OversizedMessage } from './create-message-reader.js';
import { HostHandlerError } from './attach-elicitation-handler.js';
import { checkResponseIds, describeRefusedAnswer } from './check-response-ids.js';
import { createMcpTransport, type McpTransport } from './create-mcp-transport.js';
import { guardSchemaDepth } from './guard-schema-depth.js';
import { describeMcpProgress } from './describe-mcp-progress.js';
import { markDeepToolSchemas } from './mark-deep-tool-schemas.js';
import {
  explainUnspoken,
  isEndedOnDiscover,
  isUnsupportedProtocolVersion,
  negotiationMode,
  versionNegotiation,
} from './negotiate-protocol.js';
import { createOAuthProvider, type McpAuthorizationHandler } from './create-oauth-provider.js';
import type { McpTokenStore } from './mcp-token-store.js';
import { tapTransport, type McpMessageRecord } from './tap-transport.js';
import {
  isHttpServerConfig,
  isStdioServerConfig,
  type McpProtocol,
  type McpServerConfig,
} from './mcp-server-config.js';

/** A tool as a server lists it. */
export type McpTool = ListToolsResult['tools'][number];

/** One MCP server: connected on first use, reconnected after it crashed or closed, closed once. */
export interface McpServerConnection {
  readonly name: string;
  /** Every tool the server lists, across pages. */
  listTools(options: { signal: AbortSignal }): Promise<McpTool[]>;
  callTool(options: {
    name: string;
    input: JsonValue;
    signal: AbortSignal;
    /** The server's progress on the call, and each round of questions it asks (2026-07-28). */
    onProgress?: (update: ToolProgress) => void;
  }): Promise<CallToolResult>;
  /** The child process id of a stdio server while it runs. */
  readonly pid: number | undefined;
  /** The protocol revision the connection speaks (`2025-11-25`, `2026-07-28`), once connected. */
  readonly protocolVersion: string | undefined;
  close(): Promise<void>;
}

export interface McpConnectionOptions {
  name: string;
  config: McpServerConfig;
  clientInfo: { name: string; version: string };
  /** The limit for `initialize` and `tools/list`. */
  requestTimeoutMs: number;
  /** The SDK's own limit for a tool call, beyond the deadline the caller's signal carries. */
  toolTimeoutMs: number;
  /** How long closing waits at each step of ending a stdio server, or for an HTTP session to end. */
  closeGracePeriodMs: number;
  /** Called with each new client before it connects: register capabilities and handlers here. */
  configureClient?: (client: Client) => void;
  jsonSchemaValidator?: jsonSchemaValidator;
  /** How many times one tool call may be answered with questions (2026-07-28) before it fails. */
  maxInputRounds: number;
  /** Where an OAuth server's tokens are kept. */
  tokenStore: McpTokenStore;
  /** Has the user sign in, for a server whose `auth` is `authorization_code`. */
  onAuthorization?: McpAuthorizationHandler;
  onToolsChanged?: () => void;
  /**
   * Called when a session ends other than by `close()` (the server crashed or closed, or an HTTP server forgot
   * the session): the tools it listed may not be those of the next session, which a new listing starts.
   */
  onSessionEnded?: () => void;
  /** Shown every JSON-RPC message the client sends to the server or receives from it. */
  onMessage?: (direction: McpMessageRecord['direction'], message: JSONRPCMessage) => void;
}

export function createMcpServerConnection(options: McpConnectionOptions): McpServerConnection {
  const { name, config } = options;
  let active: { client: Client; transport: McpTransport } | undefined;
  let connecting: Promise<Client> | undefined;
  let closed = false;
  const protocol: McpProtocol = config.protocol ?? 'auto';
  // A stdio server that ended when asked which revision it speaks is a 2025-11-25 server (the SDKs of some
  // languages end on any request before `initialize`): its restarts skip the question.
  let exitsOnDiscover = false;
  // Aborted by close(): a connect still in flight stops, and closes what it started.
  const lifetime = new AbortController();
  const oauth =
    isHttpServerConfig(config) && config.auth !== undefined
      ? createOAuthProvider({
          auth: config.auth,
          key: { serverName: name, serverUrl: config.url },
          store: options.tokenStore,
          onAuthorization: options.onAuthorization,
          signal: lifetime.signal,
          describeServer: () => describeServer(),
        })
      : undefined;
  const describeServer = () =>
    isStdioServerConfig(config)
      ? `MCP server '${name}' (command '${config.command}')`
      : isHttpServerConfig(config)
        ? `MCP server '${name}' (${redactUrl(config.url)})`
        : `MCP server '${name}'`;
  const closedError = () => new ToolSourceError({ message: `${describeServer()} is closed.` });
  const endSession = (client: Client) => {
    if (active?.client !== client) return;
    active = undefined;
    if (!closed) options.onSessionEnded?.();
  };

  const connect = async (): Promise<Client> => {
    // A sign-in made during a connect is finished (the code exchanged for tokens), then the connect is made again;
    // a server that still refuses after two is not signed in to.
    for (let signIns = 0; ; signIns += 1) {
      try {
        return await connectOnce(exitsOnDiscover ? 'legacy' : negotiationMode(protocol));
      } catch (error) {
        if (error instanceof ServerEndedOnDiscover) return connectWithoutQuestion(error);
        if (!(error instanceof SignedIn) || signIns >= maxSignIns) {
          throw error instanceof SignedIn ? error.cause : error;
        }
      }
    }
  };

  /**
   * A stdio server that ended while asked which revision it speaks, started again and spoken to in 2025-11-25;
   * remembered for its restarts once that worked. If it did not, the first start's failure is the one reported when
   * the server refused 2025-11-25 (it speaks 2026-07-28, and its first start failed for a reason of its own).
   */
  const connectWithoutQuestion = async (ended: ServerEndedOnDiscover): Promise<Client> => {
    try {
      const client = await connectOnce('legacy');
      exitsOnDiscover = true;
      return client;
    } catch (error) {
      const refused2025 = error instanceof ToolSourceError && isUnsupportedProtocolVersion(error.cause);
      throw refused2025 ? ended.failure : error;
    }
  };

  const connectOnce = async (mode: VersionNegotiationMode): Promise<Client> => {
    const onToolsChanged = () => {
      options.onToolsChanged?.();
    };
    const client = new Client(options.clientInfo, {
      capabilities: {},
      // The SDK's own default, unless one is given; either way no schema too deep to compile reaches it.
      jsonSchemaValidator: guardSchemaDepth(options.jsonSchemaValidator ?? new AjvJsonSchemaValidator()),
      versionNegotiation: versionNegotiation({ mode, config, requestTimeoutMs: options.requestTimeoutMs }),
      inputRequired: { maxRounds: options.maxInputRounds },
    });
    let transport: McpTransport | undefined;
    client.onclose = () => {
      endSession(client);
    };
    // Closing may abort the handshake, not cancel it once done: the SDK keeps listening to a request's signal
    // after its answer, and a client must never cancel `initialize`.
    const handshake = createLinkedAbortController({ signals: [lifetime.signal] });
    // The SDK's question of which revision a server speaks does not listen to the connect's signal: closing the
    // transport is what ends it when the server is closed (or its start aborted) meanwhile.
    const closeOnAbort = () => {
      void transport?.close();
    };
    lifetime.signal.addEventListener('abort', closeOnAbort, { once: true });
    try {
      options.configureClient?.(client);
      // Also from a 2025-11-25 server that sends the notification without declaring `tools.listChanged`.
      client.setNotificationHandler('notifications/tools/list_changed', onToolsChanged);
      transport = await createMcpTransport({
        config,
        gracePeriodMs: options.closeGracePeriodMs,
        ...(oauth === undefined ? {} : { authProvider: oauth }),
      });
      lifetime.signal.throwIfAborted();
      const { onMessage } = options;
      const tapped =
        onMessage === undefined
          ? transport.transport
          : tapTransport({ transport: transport.transport, tap: onMessage });
      // The tap sees every answer as it came; the client gets only the answers checkResponseIds takes.
      await client.connect(markDeepToolSchemas(checkResponseIds(tapped)), {
        timeout: options.requestTimeoutMs,
        signal: handshake.signal,
      });
    } catch (error) {
      // Whether a sign-in the refusal asked for was made, or why it could not be finished.
      const signedIn: boolean | Error = await finishSignIn({ error, transport }).catch(
        (signInError: unknown) =>
          signInError instanceof Error ? signInError : new Error(String(signInError)),
      );
      await closeClient({ client, transport });
      if (closed) throw closedError();
      if (signedIn === true) throw new SignedIn(error);
      if (signedIn !== false) {
        throw new ToolSourceError({
          message: `${describeServer()} failed to start: the sign-in could not be finished: ${endSentence(messageOf(signedIn))}`,
          cause: signedIn,
        });
      }
      const failure = new ToolSourceError({
        message: `${describeServer()} failed to start: ${endSentence(explainUnspoken(error, protocol) ?? explain(error, transport))}${formatStderr(transport?.stderrTail() ?? '')}`,
        cause: error,
      });
      if (mode === 'auto' && isStdioServerConfig(config) && isEndedOnDiscover(error)) {
        throw new ServerEndedOnDiscover(failure);
      }
      throw failure;
    } finally {
      lifetime.signal.removeEventListener('abort', closeOnAbort);
      handshake.dispose();
    }
    active = { client, transport };
    listenForChanges({ client, transport });
    return client;
  };

  /**
   * In 2026-07-28 a server tells of tool changes only on a stream the client opens (`subscriptions/listen`); in
   * 2025-11-25 they come unasked. The stream is opened once connected, not waited for: a server (or a proxy that
   * buffers) that never acknowledges it still serves its tools. When the server ends it (a restart, a proxy's idle
   * timeout), changes would go unheard: the connection is dropped, the host told the tools may have changed, and
   * the next use connects again, opening a new stream, and lists the server again.
   */
  const listenForChanges = ({ client, transport }: { client: Client; transport: McpTransport }) => {
    if (client.getProtocolEra() !== 'modern' || client.getServerCapabilities()?.tools?.listChanged !== true)
      return;
    client.listen({ toolsListChanged: true }, { timeout: options.requestTimeoutMs }).then(
      (subscription) =>
        subscription.closed.then((how) => {
          if (how !== 'remote' || active?.client !== client) return;
          endSession(client);
          options.onToolsChanged?.();
          void closeClient({ client, transport });
        }),
      // Not opened (refused, or never acknowledged): the tools are still served; their changes go unheard.
      () => undefined,
    );
  };

  /** After a request refused for want of a sign-in: made, and whether the request may go again. */
  const finishSignIn = ({
    error,
    transport,
    since,
  }: {
    error: unknown;
    transport: McpTransport | undefined;
    /** The sign-ins completed when the refused request was sent. */
    since?: number | undefined;
  }) =>
    oauth === undefined
      ? Promise.resolve(false)
      : oauth.signInAfter({ error, finishAuth: transport?.finishAuth, since });

  const ensureConnected = (signal: AbortSignal): Promise<Client> => {
    if (closed) return Promise.reject(closedError());
    if (active !== undefined) return Promise.resolve(active.client);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    // The connect is shared by every caller, so one caller's signal ends its own wait, not the connect.
    return raceWithSignal(connecting, signal);
  };

  return {
    name,
    get pid() {
      const transport = active?.transport.transport;
      return transport !== undefined && 'pid' in transport
        ? ((transport.pid as number | null) ?? undefined)
        : undefined;
    },
    get protocolVersion() {
      return active?.client.getNegotiatedProtocolVersion();
    },
    async listTools({ signal }) {
      const client = await ensureConnected(signal);
      const transport = active?.transport;
      // A signal of the listing's own, as a tool call has (see there).
      const request = createLinkedAbortController({ signals: [signal] });
      try {
        // Every page, fetched again whatever the SDK holds: its cache of the listing is what it checks a
        // tool's structured answer against (the tool's outputSchema).
        const list = () =>
          client.listTools(undefined, {
            signal: request.signal,
            timeout: options.requestTimeoutMs,
            cacheMode: 'refresh',
          });
        const since = oauth?.signInsCompleted();
        try {
          return (await list()).tools;
        } catch (error) {
          // A sign-in the server asked for (as a call's): made, then the listing asked again, once.
          if (!(await finishSignIn({ error, transport, since }))) throw error;
          return (await list()).tools;
        }
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw new ToolSourceError({
          message: `${describeServer()} failed to list its tools (tools/list): ${explain(error, transport)}.`,
          cause: error,
        });
      } finally {
        request.dispose();
      }
    },
    async callTool({ name: toolName, input, signal, onProgress }) {
      const client = await ensureConnected(signal);
      const transport = active?.transport;
      // The SDK never stops listening to a request's signal: given the turn's, it would send the server a
      // cancellation for this call when the turn ends, long after the answer. A signal of the call's own is
      // unlinked from the turn's once the call is over.
      const call = createLinkedAbortController({ signals: [signal] });
      try {
        const send = () =>
          client.callTool(
            { name: toolName, arguments: input as Record<string, unknown> },
            {
              signal: call.signal,
              timeout: options.toolTimeoutMs,
              resetTimeoutOnProgress: true,
              ...(onProgress === undefined
                ? {}
                : {
                    onprogress: (progress: Progress) => {
                      onProgress(describeMcpProgress({ progress, serverName: name }));
                    },
                  }),
            },
          );
        const since = oauth?.signInsCompleted();
        try {
          return await send();
        } catch (error) {
          // The server wanted a sign-in (its token expired and could not be refreshed, or the tool needs more
          // scope), which the user made: the call is sent again, once, with the new token.
          if (!(await finishSignIn({ error, transport, since }))) throw error;
          return await send();
        }
      } catch (error) {
        // The loop's signal says why it gave up (its tool timeout, or the turn ending): pass that on.
        if (signal.aborted) throw signal.reason;
        if (isOwnTimeout(error)) throw new ToolTimeoutError({ toolName, timeoutMs: options.toolTimeoutMs });
        if (error instanceof HostHandlerError) {
          throw new ToolSourceError({
            message: `${describeServer()} asked for input during '${toolName}', and ${endSentence(error.message)}`,
            cause: error,
          });
        }
        if (error instanceof SdkError && error.code === SdkErrorCode.InputRequiredRoundsExceeded) {
          throw new ToolSourceError({
            message: `${describeServer()} still asked for input after ${options.maxInputRounds} rounds of answers to one call of '${toolName}' (maxInputRounds), so the call was given up.`,
            cause: error,
          });
        }
        const refused = describeRefusedAnswer(error);
        if (refused !== undefined) {
          throw new ToolSourceError({ message: `${describeServer()} ${refused}.`, cause: error });
        }
        const oversized = transport?.oversizedMessage();
        if (oversized !== undefined) {
          throw new ToolSourceError({
            message: `${describeServer()} ${describeOversized(oversized)}; it will be restarted on the next call. ${raiseLimitAdvice}.`,
            cause: error,
          });
        }
        // A crash is the connection closing, whatever error code the pending call got (-32000 is also a code
        // servers send for their own errors, and those go to the model as they are).
        if (active?.client !== client) {
          throw new ToolSourceError({
            message: `${describeServer()} closed the connection during the call (it may have crashed); it will be restarted on the next call.${formatStderr(transport?.stderrTail() ?? '')}`,
            cause: error,
          });
        }
        if (isLostSession(error)) {
          // An HTTP server that restarted no longer knows our session (404), or cannot be reached: start over.
          endSession(client);
          await client.close().catch(() => undefined);
          throw new ToolSourceError({
            message: `${describeServer()} lost the connection during the call (${messageOf(error)}); it will be reconnected on the next call.`,
            cause: error,
          });
        }
        throw error;
      } finally {
        call.dispose();
      }
    },
    async close() {
      closed = true;
      lifetime.abort(closedError());
      await connecting?.catch(() => undefined);
      const current = active;
      active = undefined;
      if (current !== undefined) await closeClient(current);
    },
  };
}

/** Ends the server's side (its session, its processes) first: closing the client alone would only drop it. */
async function closeClient(options: { client: Client; transport: McpTransport | undefined }): Promise<void> {
  await options.transport?.close();
  await options.client.close().catch(() => undefined);
}

/** The sign-ins one connect may need before it gives up (a server asking again for more scope counts too). */
const maxSignIns = 2;

/** Thrown by one connect attempt during which the user signed in: the connect is made again. */
class SignedIn extends Error {
  constructor(cause: unknown) {
    super('Signed in; connect again.', { cause });
  }
}

/** Thrown by one connect attempt: a stdio server in `auto` ended before the handshake was done. */
class ServerEndedOnDiscover extends Error {
  constructor(readonly failure: ToolSourceError) {
    super(failure.message);
  }
}

/** The SDK's own request timeout, as opposed to a server answering with -32001 (a protocol error). */
function isOwnTimeout(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** An HTTP session the server no longer has, or a server that cannot be reached. */
function isLostSession(error: unknown): boolean {
  return (
    (error instanceof SdkHttpError && error.data.status === 404) ||
    (error instanceof TypeError && error.message === 'fetch failed')
  );
}

/** Why a request failed: an answer refused for its id, or the message over the size limit that closed the connection. */
function explain(error: unknown, transport: McpTransport | undefined): string {
  const refused = describeRefusedAnswer(error);
  if (refused !== undefined) return `it ${refused}`;
  const oversized = transport?.oversizedMessage();
  return oversized === undefined
    ? messageOf(error)
    : `it ${describeOversized(oversized)}. ${raiseLimitAdvice}`;
}

const raiseLimitAdvice = "Raise the server's maxMessageBytes if its answers are this large";

/** `sent a message of 11,534,336 bytes, more than its limit of …`, to follow the server's description. */
function describeOversized({ limitBytes, sizeBytes, complete }: OversizedMessage): string {
  const count = (bytes: number) => bytes.toLocaleString('en-US');
  const size = complete
    ? `a message of ${count(sizeBytes)} bytes, more than its limit of ${count(limitBytes)} (maxMessageBytes)`
    : `a message over its limit of ${count(limitBytes)} bytes (maxMessageBytes; ${count(sizeBytes)} had arrived when the server was ended)`;
  return `sent ${size}, so the connection was closed`;
}

/** An error's message with the secrets of any URL in it removed (SDK and fetch errors repeat the URL). */
function messageOf(error: unknown): string {
  return redactUrlSecrets(describeThrown(error));
}

function formatStderr(tail: string): string {
  return tail === '' ? '' : ` Its last output on stderr: ${endSentence(tail)}`;
}
