import { endSentence } from '../internal/end-sentence.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { ToolSourceError } from '../errors/tool-source-error.js';
import { describeThrown } from '../internal/describe-thrown.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { redactUrl, redactUrlSecrets } from '../redact-url-secrets.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';
import type { JsonValue } from '../json-value.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { OversizedMessage } from './create-message-reader.js';
import { checkResponseIds, describeRefusedAnswer } from './check-response-ids.js';
import { createMcpTransport, type McpTransport } from './create-mcp-transport.js';
import { guardSchemaDepth } from './guard-schema-depth.js';
import { tapTransport, type McpMessageRecord } from './tap-transport.js';
import { isHttpServerConfig, isStdioServerConfig, type McpServerConfig } from './mcp-server-config.js';

/** One MCP server: connected on first use, reconnected after it crashed or closed, closed once. */
export interface McpServerConnection {
  readonly name: string;
  /** Every tool the server lists, across pages. */
  listTools(options: { signal: AbortSignal }): Promise<McpTool[]>;
  callTool(options: { name: string; input: JsonValue; signal: AbortSignal }): Promise<CallToolResult>;
  /** The child process id of a stdio server while it runs. */
  readonly pid: number | undefined;
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
  // Aborted by close(): a connect still in flight stops, and closes what it started.
  const lifetime = new AbortController();
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
    const client = new Client(options.clientInfo, {
      capabilities: {},
      // The SDK's own default, unless one is given; either way no schema too deep to compile reaches it.
      jsonSchemaValidator: guardSchemaDepth(options.jsonSchemaValidator ?? new AjvJsonSchemaValidator()),
    });
    options.configureClient?.(client);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      options.onToolsChanged?.();
    });
    let transport: McpTransport | undefined;
    client.onclose = () => {
      endSession(client);
    };
    // Closing may abort the handshake, not cancel it once done: the SDK keeps listening to a request's signal
    // after its answer, and a client must never cancel `initialize`.
    const handshake = createLinkedAbortController({ signals: [lifetime.signal] });
    try {
      transport = await createMcpTransport({ config, gracePeriodMs: options.closeGracePeriodMs });
      lifetime.signal.throwIfAborted();
      const { onMessage } = options;
      const tapped =
        onMessage === undefined
          ? transport.transport
          : tapTransport({ transport: transport.transport, tap: onMessage });
      // The tap sees every answer as it came; the client gets only the answers checkResponseIds takes.
      await client.connect(checkResponseIds(tapped), {
        timeout: options.requestTimeoutMs,
        signal: handshake.signal,
      });
    } catch (error) {
      await closeClient({ client, transport });
      if (closed) throw closedError();
      throw new ToolSourceError({
        message: `${describeServer()} failed to start: ${endSentence(explain(error, transport))}${formatStderr(transport?.stderrTail() ?? '')}`,
        cause: error,
      });
    } finally {
      handshake.dispose();
    }
    active = { client, transport };
    return client;
  };

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
    async listTools({ signal }) {
      const client = await ensureConnected(signal);
      const transport = active?.transport;
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      try {
        do {
          // Each page gets a signal of its own, as a tool call does (see there): given the caller's, the SDK
          // would leave a listener on it per page, and cancel every page, long answered, when it aborts.
          const request = createLinkedAbortController({ signals: [signal] });
          try {
            const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
              signal: request.signal,
              timeout: options.requestTimeoutMs,
            });
            tools.push(...page.tools);
            cursor = page.nextCursor;
          } finally {
            request.dispose();
          }
        } while (cursor !== undefined);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw new ToolSourceError({
          message: `${describeServer()} failed to list its tools (tools/list): ${explain(error, transport)}.`,
          cause: error,
        });
      }
      return tools;
    },
    async callTool({ name: toolName, input, signal }) {
      const client = await ensureConnected(signal);
      const transport = active?.transport;
      // The SDK never stops listening to a request's signal: given the turn's, it would send the server a
      // cancellation for this call when the turn ends, long after the answer. A signal of the call's own is
      // unlinked from the turn's once the call is over.
      const call = createLinkedAbortController({ signals: [signal] });
      try {
        const result = await client.callTool(
          { name: toolName, arguments: input as Record<string, unknown> },
          undefined,
          { signal: call.signal, timeout: options.toolTimeoutMs, resetTimeoutOnProgress: true },
        );
        return result as CallToolResult;
      } catch (error) {
        // The loop's signal says why it gave up (its tool timeout, or the turn ending): pass that on.
        if (signal.aborted) throw signal.reason;
        if (isOwnTimeout(error)) throw new ToolTimeoutError({ toolName, timeoutMs: options.toolTimeoutMs });
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

/** The SDK's own request timeout (it carries the limit), as opposed to a server answering with -32001. */
function isOwnTimeout(error: unknown): boolean {
  return (
    error instanceof McpError &&
    error.code === (ErrorCode.RequestTimeout as number) &&
    typeof (error.data as { timeout?: unknown } | undefined)?.timeout === 'number'
  );
}

/** An HTTP session the server no longer has, or a server that cannot be reached. */
function isLostSession(error: unknown): boolean {
  return (
    (error instanceof StreamableHTTPError && error.code === 404) ||
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
