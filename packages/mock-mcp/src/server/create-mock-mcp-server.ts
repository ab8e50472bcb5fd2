import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { MockServerSpec, MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import type { MockToolInput } from '../spec/mock-tool-schema.js';
import { parseMockTool } from '../spec/parse-mock-tool.js';
import { parseMockServerSpec } from '../spec/parse-mock-server-spec.js';
import { serveConnection, type ServedConnection } from './serve-connection.js';
import { createSessionServer } from './create-session-server.js';
import { createModernHttpHandler } from './create-modern-http-handler.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { listenHttp, type MockHttpListener, type MockHttpOptions } from './listen-http.js';
import { createMockServerState, endCall, toToolState } from './mock-server-state.js';
import type { MockToolCall } from './mock-tool-call.js';
import { checkAddedTool } from './check-added-tool.js';
import { notifyResourceUpdated } from './notify-resource-updated.js';
import { applyDueChanges } from './apply-due-changes.js';
import { notifyToolListChanged } from './notify-tool-list-changed.js';
import type { MockToolChange } from '../spec/tool-change-schema.js';

/** A running mock MCP server: connect clients to it, read what they called, change its tools, close it. */
export interface MockMcpServer {
  /** The validated spec it was created from (tools added later are not in it). */
  readonly spec: MockServerSpec;
  /** Every `tools/call` received, in arrival order, across all sessions. */
  readonly calls: readonly MockToolCall[];
  /** Starts an in-memory session and returns the client side of the linked pair, for an SDK `Client`. */
  connectInMemory: () => Promise<Transport>;
  /**
   * Serves one session over a server-side transport you made (the stdio bin passes a `StdioServerTransport`).
   * `onCrash` runs for a `crash` response; by default the session's transport is closed.
   */
  connect: (options: { transport: Transport; onCrash?: () => Promise<void> | void }) => Promise<void>;
  /**
   * Serves streamable HTTP (default `{ port: 0, host: '127.0.0.1' }`), resumable, refusing requests whose
   * Host or Origin is not allowed (loopback names by default).
   */
  listenHttp: (options?: MockHttpOptions) => Promise<MockHttpListener>;
  /**
   * Adds (or replaces) a tool and sends `notifications/tools/list_changed` to every session. A tool that logs or
   * updates resources needs a spec that declared logging or resources.
   */
  addTool: (tool: MockToolInput) => Promise<void>;
  /** Removes a tool and sends `notifications/tools/list_changed` to every session. */
  removeTool: (name: string) => Promise<void>;
  /**
   * Tells the server that the host's turn `turn` (1-based) starts: the spec's `changes` due `after: { turn }`
   * then (in the order listed) are applied, and `notifications/tools/list_changed` is sent to every connected
   * session. Resolves once the notifications are sent, with the changes and how many sessions were told: a host
   * that waits for the notification waits only when one was sent (a client without a session, after a crash,
   * sees the new tools when it connects again).
   */
  startTurn: (turn: number) => Promise<MockTurnStart>;
  /** Sends `notifications/resources/updated` for `uri` to every session subscribed to it. */
  notifyResourceUpdated: (uri: string) => Promise<void>;
  /** Calls `listener` each time a call ends; returns a function that stops it. */
  onCallEnd: (listener: (call: MockToolCall) => void) => () => void;
  /** Ends every delay and hang, closes every session and HTTP listener. */
  close: () => Promise<void>;
}

/** What changed as a turn started (`MockMcpServer.startTurn`). */
export interface MockTurnStart {
  /** The changes applied, in the order the spec lists them; empty when none was due. */
  changes: MockToolChange[];
  /** The sessions sent `notifications/tools/list_changed`: 0 when nothing changed or no session is connected. */
  sessionsNotified: number;
}

export interface MockMcpServerOptions {
  /**
   * The JSON Schema validator of every session's `McpServer` (the answers to its elicitation requests). Default:
   * one built for each session; a host that starts many servers can share one.
   */
  jsonSchemaValidator?: jsonSchemaValidator;
}

/**
 * Creates a mock MCP server from a spec as written (validated here; a `MockSpecError` names each wrong field)
 * or as returned by `loadMockServerSpec`. It is built on the SDK's `McpServer`, one per session, all sharing
 * the tools, the `times` counters and `calls`.
 *
 * @example
 * const server = createMockMcpServer({ tools: [{ name: 'echo', responses: [{ text: 'hi' }] }] });
 * const client = new Client({ name: 'test', version: '1.0.0' });
 * await client.connect(await server.connectInMemory());
 * await client.callTool({ name: 'echo', arguments: {} }); // { content: [{ type: 'text', text: 'hi' }] }
 */
export function createMockMcpServer(
  spec: MockServerSpecInput | MockServerSpec,
  serverOptions: MockMcpServerOptions = {},
): MockMcpServer {
  const validated = parseMockServerSpec(spec);
  const state = createMockServerState(validated);
  const listeners = new Set<MockHttpListener>();

  const connections = new Set<ServedConnection>();

  async function connectSession(options: { transport: Transport; onCrash?: () => Promise<void> | void }) {
    state.closing.signal.throwIfAborted();
    const connection = await serveConnection({
      state,
      transport: options.transport,
      jsonSchemaValidator: serverOptions.jsonSchemaValidator,
      // Without onCrash, a crash closes the session's transport (in memory: the client side closes too).
      crash: async (close) => {
        await (options.onCrash === undefined ? close() : options.onCrash());
      },
    });
    connections.add(connection);
    return connection;
  }

  return {
    spec: validated,
    calls: state.calls,
    connectInMemory: async () => {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await connectSession({ transport: serverTransport });
      return clientTransport;
    },
    connect: async (options) => {
      await connectSession(options);
    },
    listenHttp: async (options = {}) => {
      const validator = serverOptions.jsonSchemaValidator ?? new AjvJsonSchemaValidator();
      const listener = await listenHttp({
        ...options,
        connectSession:
          validated.protocol === '2026-07-28'
            ? undefined
            : async ({ transport, onCrash }) => {
                state.closing.signal.throwIfAborted();
                const session = createSessionServer({
                  state,
                  crash: onCrash,
                  jsonSchemaValidator: validator,
                });
                await session.connect(transport);
                return session;
              },
        ...(validated.protocol === '2025-11-25'
          ? {}
          : { modern: (hooks) => createModernHttpHandler({ state, validator, ...hooks }) }),
        bearerToken: () => currentBearerToken({ auth: validated.auth, turn: state.turn }),
      });
      listeners.add(listener);
      return {
        ...listener,
        close: async () => {
          listeners.delete(listener);
          await listener.close();
        },
      };
    },
    addTool: async (tool) => {
      const parsed = parseMockTool(tool);
      checkAddedTool({ spec: validated, tool: parsed });
      state.tools.set(parsed.name, toToolState(parsed));
      await notifyToolListChanged({ state });
    },
    removeTool: async (name) => {
      if (!state.tools.delete(name)) {
        throw new Error(
          `Cannot remove tool '${name}': no such tool. Tools: ${[...state.tools.keys()].join(', ')}.`,
        );
      }
      await notifyToolListChanged({ state });
    },
    startTurn: async (turn) => {
      state.turn = Math.max(state.turn, turn);
      const changes = applyDueChanges(state);
      const sessionsNotified = changes.length === 0 ? 0 : await notifyToolListChanged({ state });
      return { changes, sessionsNotified };
    },
    notifyResourceUpdated: (uri) => notifyResourceUpdated({ state, uri }),
    onCallEnd: (listener) => {
      state.callEndListeners.add(listener);
      return () => {
        state.callEndListeners.delete(listener);
      };
    },
    close: async () => {
      state.closing.abort(new Error('The mock MCP server was closed.'));
      await Promise.all([...listeners].map((listener) => listener.close()));
      listeners.clear();
      await Promise.all([...state.sessions].map((session) => session.peer.close()));
      await Promise.all([...connections].map((connection) => connection.close()));
      connections.clear();
      for (const { call } of state.pendingCalls.clear()) endCall({ state, call, outcome: 'cancelled' });
      state.pendingPrompts.clear();
    },
  };
}

/** The token the server takes now: the spec's `auth.bearer`, or the last rotation whose turn has started. */
function currentBearerToken({
  auth,
  turn,
}: {
  auth: MockServerSpec['auth'];
  turn: number;
}): string | undefined {
  if (auth === undefined) return undefined;
  return (auth.rotate ?? []).findLast((rotation) => rotation.turn <= turn)?.bearer ?? auth.bearer;
}
