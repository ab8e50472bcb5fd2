import { endSentence } from '../internal/end-sentence.js';
import type { Client, JSONRPCMessage, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ToolSourceError } from '../errors/tool-source-error.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { createPausableTimeout } from '../internal/pausable-timeout.js';
import type { JsonObject } from '../json-value.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolCallRequest, ToolSource } from '../tools/tool-source.js';
import { attachElicitationHandler, type ElicitationHandler } from './attach-elicitation-handler.js';
import type { McpAuthorizationHandler } from './create-oauth-provider.js';
import { createMemoryTokenStore, type McpTokenStore } from './mcp-token-store.js';
import { exposeToolNames, type ExposedTool } from './expose-tool-names.js';
import { isSchemaTooDeep, maxSchemaDepth } from './is-schema-too-deep.js';
import { mapMcpToolResult } from './map-mcp-tool-result.js';
import { validateMcpServersConfig, type McpServersConfig } from './mcp-server-config.js';
import { createMcpServerConnection, type McpTool } from './mcp-server-connection.js';
import type { McpMessageRecord } from './tap-transport.js';

/** The longest delay timers honour: "no limit of its own" for tool calls, which the loop's signal bounds. */
const noTimeoutMs = 2_147_483_647;

export interface ConnectMcpServersOptions {
  /** How this client introduces itself to servers. */
  clientInfo?: { name: string; version: string };
  /**
   * Limit for starting a server (the question of its protocol revision, `initialize`) and `tools/list`; the time a
   * user takes to sign in (`onAuthorization`) is not counted. Default 60 000.
   */
  requestTimeoutMs?: number;
  /**
   * The SDK's own limit for a tool call. Default: none — inside `runToolLoop`, `toolTimeoutMs` and the turn's
   * deadline reach the call through its signal, and a timeout is told apart from an abort by the signal's reason.
   */
  toolTimeoutMs?: number;
  /**
   * Set up each client (`Client` of `@modelcontextprotocol/client`) before it connects, e.g.
   * `createSamplingHandler(...).attach`. A handler it registers for a server's request (`sampling/createMessage`,
   * `roots/list`) also answers the same request a 2026-07-28 server puts in a tool call's answer.
   */
  configureClient?: (client: Client, serverName: string) => void;
  /**
   * Answers a server that asks the user for input during a tool call (MCP elicitation, form and URL modes).
   * Without it the client declares no elicitation, and servers do not ask.
   */
  onElicitation?: ElicitationHandler;
  /**
   * How many times one tool call may be answered with questions (2026-07-28 `input_required`: elicitation,
   * sampling, roots), each round answered by the handlers above and the call sent again with the answers,
   * before the call fails with an error naming the limit. Default 10.
   */
  maxInputRounds?: number;
  /**
   * Has the user sign in, for an HTTP server whose `auth` is `authorization_code`: open `request.url` (a
   * browser) and resolve with the URL the authorization server sent the user back to. Asked when the server
   * has no valid token for this client (its first use, or a refresh that failed), or asks for more scope.
   */
  onAuthorization?: McpAuthorizationHandler;
  /**
   * Where the tokens and registrations of servers behind OAuth are kept, by server name and URL. Default: in
   * memory, for as long as this tool source lives.
   */
  tokenStore?: McpTokenStore;
  /**
   * Called when a server sends `notifications/tools/list_changed`; the next `listTools()` lists it again, and
   * goes on asking at each `listTools()` until a listing succeeds.
   */
  onToolsChanged?: (serverName: string) => void;
  /**
   * Shown every JSON-RPC message between the client and each server, both ways, as it goes: for recording
   * what real servers answered, or for tracing. It only watches; what it throws is ignored.
   */
  onMessage?: (record: McpMessageRecord) => void;
  /**
   * Aborts the start: every server begun so far is closed (its processes ended, its HTTP session
   * terminated) and the promise rejects with the signal's reason. Once `connectMcpServers` has resolved,
   * `close()` is what ends the servers.
   */
  signal?: AbortSignal;
  /**
   * How long closing waits for a stdio server at each step: after its stdin closes, then after SIGTERM to
   * its process group, before SIGKILL ends the group; also the longest wait for an HTTP server to end its
   * session. So `close()` takes at most about twice this for a server that ignores both. Default 2 000.
   */
  closeGracePeriodMs?: number;
  /**
   * The JSON Schema validator of every client (the tools' output schemas, elicitation answers). Default: one
   * built for each client; a host that connects often can share one (`createSharedJsonSchemaValidator()`).
   */
  jsonSchemaValidator?: jsonSchemaValidator;
}

/**
 * MCP servers as one tool source for the loop. `listTools()` rejects with a `ToolSourceError` naming a server
 * whose listing failed. Close it when the host is done: child processes end with it, with every process they
 * started that stayed in their process group (one started in a session of its own, with `setsid`, is not
 * ended), and HTTP sessions are terminated.
 */
export interface McpToolSource extends ToolSource {
  readonly serverNames: string[];
  /**
   * Tools left out of the last listing, by server: those that can only run as tasks, and those whose input
   * or output schema nests deeper than 256 levels (more than a request to the model can carry). Each is also
   * a `tool_skipped` warning of the turn.
   */
  readonly skippedTools: ReadonlyArray<{ serverName: string; toolName: string; reason: string }>;
  /** `skippedTools` as the loop shows them: `tool_skipped`, "Tool 'x' of MCP server 'y' is left out: …". */
  readonly warnings: ReadonlyArray<{ code: string; message: string }>;
  /** The process id of each running stdio server; on POSIX also the id of the process group it runs in. */
  processIds(): Record<string, number | undefined>;
  /**
   * The protocol revision each connected server is spoken to in (`2025-11-25`, `2026-07-28`); undefined for a
   * server not connected at the moment.
   */
  protocolVersions(): Record<string, string | undefined>;
  close(): Promise<void>;
}

/**
 * Connects to the servers of a host config's `servers` (a name for each): stdio servers are spawned with an
 * explicit environment (on POSIX each in a process group of its own, ended whole on close), HTTP servers
 * reached over streamable HTTP. All are connected and listed before this resolves; if one cannot start, this
 * rejects naming it, after closing every server it began. Tool names that collide across servers are
 * namespaced (`<server>__<tool>`); names that still collide once made valid for the model APIs (`get.data`
 * and `get_data`, two names cut at 64 characters) get a suffix from their MCP name (`get_data_bfb5d1`), the
 * same at every connect, and each call goes to the tool the model named.
 *
 * @example
 * const mcp = await connectMcpServers({ servers: { files: { command: 'node', args: [serverPath, dir] } } });
 * try { await runToolLoop({ model, tools: [mcp], prompt }).result } finally { await mcp.close() }
 */
export async function connectMcpServers(
  config: McpServersConfig,
  options: ConnectMcpServersOptions = {},
): Promise<McpToolSource> {
  const { servers } = validateMcpServersConfig(config);
  options.signal?.throwIfAborted();
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const maxInputRounds = options.maxInputRounds ?? 10;
  const tokenStore = options.tokenStore ?? createMemoryTokenStore();
  if (!Number.isSafeInteger(maxInputRounds) || maxInputRounds < 1) {
    throw new InvalidArgumentError({
      argument: 'maxInputRounds',
      message: `expected a whole number of at least 1, got ${String(maxInputRounds)}.`,
    });
  }
  // A server's tools are listed again until a listing that began after its last change succeeds.
  const changes = new Map<string, number>(Object.keys(servers).map((name) => [name, 0]));
  const listedAtChange = new Map<string, number>();
  const listed = new Map<string, McpTool[]>();
  // Servers whose session ended since they were listed: listed again, in a new session, when one can start.
  const sessionsEnded = new Set<string>();
  let exposed: ExposedTool<McpTool>[] = [];
  let skippedTools: McpToolSource['skippedTools'] = [];

  // While the servers start, the time a user takes to sign in stops their clock (see the deadline below).
  let signingIn: { pause: () => void; resume: () => void } | undefined;
  const hostSignIn = options.onAuthorization;
  const onAuthorization: McpAuthorizationHandler | undefined =
    hostSignIn === undefined
      ? undefined
      : async (request) => {
          const paused = signingIn;
          paused?.pause();
          try {
            return await hostSignIn(request);
          } finally {
            paused?.resume();
          }
        };
  const connections = Object.entries(servers).map(([name, serverConfig]) =>
    createMcpServerConnection({
      name,
      config: serverConfig,
      clientInfo: options.clientInfo ?? { name: 'toolloop', version: '0.1.0' },
      requestTimeoutMs,
      toolTimeoutMs: options.toolTimeoutMs ?? noTimeoutMs,
      closeGracePeriodMs: options.closeGracePeriodMs ?? 2_000,
      maxInputRounds,
      tokenStore,
      ...(onAuthorization === undefined ? {} : { onAuthorization }),
      ...(options.jsonSchemaValidator === undefined
        ? {}
        : { jsonSchemaValidator: options.jsonSchemaValidator }),
      configureClient: (client) => {
        if (options.onElicitation !== undefined) {
          attachElicitationHandler({ client, serverName: name, onElicitation: options.onElicitation });
        }
        options.configureClient?.(client, name);
      },
      ...(options.onMessage === undefined
        ? {}
        : {
            onMessage: (direction: McpMessageRecord['direction'], message: JSONRPCMessage) => {
              options.onMessage?.({ server: name, direction, message });
            },
          }),
      onToolsChanged: () => {
        changes.set(name, (changes.get(name) ?? 0) + 1);
        options.onToolsChanged?.(name);
      },
      // A new session may list other tools (a server restarted after an upgrade, or one that changed them while
      // it had no session to tell): the next listTools() lists it again, starting that session.
      onSessionEnded: () => {
        sessionsEnded.add(name);
      },
    }),
  );
  const byName = new Map(connections.map((connection) => [connection.name, connection]));

  const refresh = async (signal: AbortSignal) => {
    await Promise.all(
      connections.map(async (connection) => {
        const { name } = connection;
        const change = changes.get(name) ?? 0;
        const changed = listedAtChange.get(name) !== change;
        if (!changed && !sessionsEnded.has(name)) return;
        sessionsEnded.delete(name);
        try {
          listed.set(name, await connection.listTools({ signal }));
        } catch (error) {
          // A server that cannot start again keeps the tools it had: a call of one fails as that call's error,
          // the other servers' tools are offered, and the next listing asks it again.
          if (changed || signal.aborted) throw error;
          sessionsEnded.add(name);
          return;
        }
        listedAtChange.set(name, change);
      }),
    );
    const usable = connections.map((connection) => ({
      serverName: connection.name,
      tools: (listed.get(connection.name) ?? []).filter((tool) => whySkipped(tool) === undefined),
    }));
    skippedTools = connections.flatMap((connection) =>
      (listed.get(connection.name) ?? []).flatMap((tool) => {
        const reason = whySkipped(tool);
        return reason === undefined ? [] : [{ serverName: connection.name, toolName: tool.name, reason }];
      }),
    );
    exposed = exposeToolNames(usable);
  };

  const startup = createLinkedAbortController({ signals: [options.signal] });
  // The user's time to sign in (onAuthorization) is not the servers' time to start: it is not counted.
  const deadline = createPausableTimeout({
    timeoutMs: requestTimeoutMs,
    onTimeout: () => {
      startup.abort(
        new ToolSourceError({
          message: `${formatPending(connections, listedAtChange)} did not finish starting (the connect, and tools/list) within ${requestTimeoutMs} ms; raise requestTimeoutMs if a server needs longer.`,
        }),
      );
    },
  });
  signingIn = deadline;
  try {
    await refresh(startup.signal);
  } catch (error) {
    // Every server closes, including one still starting (its start is stopped, or closed when it lands).
    await Promise.allSettled(connections.map((connection) => connection.close()));
    throw error;
  } finally {
    signingIn = undefined;
    deadline.dispose();
    startup.dispose();
  }

  const findTool = (name: string) => exposed.find((entry) => entry.exposedName === name);

  return {
    serverNames: connections.map((connection) => connection.name),
    get skippedTools() {
      return skippedTools;
    },
    get warnings() {
      return skippedTools.map(({ serverName, toolName, reason }) => ({
        code: 'tool_skipped',
        message: `Tool '${toolName}' of MCP server '${serverName}' is left out: ${reason}.`,
      }));
    },
    processIds: () => Object.fromEntries(connections.map((connection) => [connection.name, connection.pid])),
    protocolVersions: () =>
      Object.fromEntries(connections.map((connection) => [connection.name, connection.protocolVersion])),
    async listTools({ signal }) {
      try {
        await refresh(signal);
      } catch (error) {
        if (signal.aborted || !ToolSourceError.isInstance(error)) throw error;
        // The server stays to be listed (or started) again, so a later turn may get its tools.
        throw new ToolSourceError({
          message: `${endSentence(error.message)} The next listTools() asks it again.`,
          cause: error,
        });
      }
      return exposed.map(toDefinition);
    },
    async callTool({ name, input, signal, onProgress }: ToolCallRequest) {
      const entry = findTool(name);
      const connection = entry === undefined ? undefined : byName.get(entry.serverName);
      if (entry === undefined || connection === undefined) {
        throw new ToolSourceError({ message: `No MCP server offers a tool named '${name}'.` });
      }
      const result = await connection.callTool({
        name: entry.tool.name,
        input,
        signal,
        ...(onProgress === undefined ? {} : { onProgress }),
      });
      return mapMcpToolResult(result);
    },
    async close() {
      await Promise.all(connections.map((connection) => connection.close()));
    },
  };
}

/** The servers not listed yet: `MCP server 'a'`, `MCP servers 'a', 'b'`. */
function formatPending(
  connections: ReadonlyArray<{ name: string }>,
  listedAtChange: ReadonlyMap<string, number>,
): string {
  const names = connections
    .filter((connection) => !listedAtChange.has(connection.name))
    .map((connection) => `'${connection.name}'`);
  return `MCP server${names.length === 1 ? '' : 's'} ${names.join(', ')}`;
}

/** Why a listed tool cannot be offered to the model, if it cannot. */
function whySkipped(tool: McpTool): string | undefined {
  if (tool.execution?.taskSupport === 'required') return 'requires task execution';
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    if (isSchemaTooDeep(tool[field])) {
      return `its ${field} nests deeper than ${maxSchemaDepth} levels, more than a request to the model can carry`;
    }
  }
  return undefined;
}

function toDefinition({ exposedName, tool }: ExposedTool<McpTool>): ToolDefinition {
  const definition: ToolDefinition = { name: exposedName, inputSchema: tool.inputSchema as JsonObject };
  if (tool.description !== undefined) definition.description = tool.description;
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema as JsonObject;
  return definition;
}
