import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { ToolSourceError } from '../errors/tool-source-error.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import type { JsonObject } from '../json-value.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolCallRequest, ToolSource } from '../tools/tool-source.js';
import { exposeToolNames, type ExposedTool } from './expose-tool-names.js';
import { mapMcpToolResult } from './map-mcp-tool-result.js';
import { validateMcpServersConfig, type McpServersConfig } from './mcp-server-config.js';
import { createMcpServerConnection } from './mcp-server-connection.js';

/** The longest delay timers honour: "no limit of its own" for tool calls, which the loop's signal bounds. */
const noTimeoutMs = 2_147_483_647;

export interface ConnectMcpServersOptions {
  /** How this client introduces itself to servers. */
  clientInfo?: { name: string; version: string };
  /** Limit for `initialize` and `tools/list`. Default 60 000. */
  requestTimeoutMs?: number;
  /**
   * The SDK's own limit for a tool call. Default: none — inside `runToolLoop`, `toolTimeoutMs` and the turn's
   * deadline reach the call through its signal, and a timeout is told apart from an abort by the signal's reason.
   */
  toolTimeoutMs?: number;
  /** Set up each client before it connects, e.g. `createSamplingHandler(...).attach`. */
  configureClient?: (client: Client, serverName: string) => void;
  /** Called when a server sends `notifications/tools/list_changed`; the next `listTools()` lists it again. */
  onToolsChanged?: (serverName: string) => void;
}

/** MCP servers as one tool source for the loop. Close it when the host is done: child processes end with it. */
export interface McpToolSource extends ToolSource {
  readonly serverNames: string[];
  /** Tools left out because they can only run as tasks, by server. */
  readonly skippedTools: ReadonlyArray<{ serverName: string; toolName: string; reason: string }>;
  /** The child process id of each running stdio server. */
  processIds(): Record<string, number | undefined>;
  close(): Promise<void>;
}

/**
 * Connects to the servers of a host config (seed 000's `servers`): stdio servers are spawned with an explicit
 * environment, HTTP servers reached over streamable HTTP. All are connected before this resolves, so a server
 * that cannot start is an error here, naming it. Tool names that collide across servers are namespaced.
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
  const stale = new Set<string>(Object.keys(servers));
  const listed = new Map<string, McpTool[]>();
  let exposed: ExposedTool<McpTool>[] = [];
  let skippedTools: McpToolSource['skippedTools'] = [];

  const connections = Object.entries(servers).map(([name, serverConfig]) =>
    createMcpServerConnection({
      name,
      config: serverConfig,
      clientInfo: options.clientInfo ?? { name: 'toolloop', version: '0.1.0' },
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      toolTimeoutMs: options.toolTimeoutMs ?? noTimeoutMs,
      configureClient: (client) => options.configureClient?.(client, name),
      onToolsChanged: () => {
        stale.add(name);
        options.onToolsChanged?.(name);
      },
    }),
  );
  const byName = new Map(connections.map((connection) => [connection.name, connection]));

  const refresh = async (signal: AbortSignal) => {
    await Promise.all(
      connections.map(async (connection) => {
        if (!stale.has(connection.name) && listed.has(connection.name)) return;
        stale.delete(connection.name);
        listed.set(connection.name, await connection.listTools({ signal }));
      }),
    );
    const usable = connections.map((connection) => ({
      serverName: connection.name,
      tools: (listed.get(connection.name) ?? []).filter((tool) => tool.execution?.taskSupport !== 'required'),
    }));
    skippedTools = connections.flatMap((connection) =>
      (listed.get(connection.name) ?? [])
        .filter((tool) => tool.execution?.taskSupport === 'required')
        .map((tool) => ({
          serverName: connection.name,
          toolName: tool.name,
          reason: 'requires task execution',
        })),
    );
    exposed = exposeToolNames(usable);
  };

  const startup = createLinkedAbortController({ timeoutMs: options.requestTimeoutMs ?? 60_000 });
  try {
    await refresh(startup.signal);
  } catch (error) {
    await Promise.allSettled(connections.map((connection) => connection.close()));
    throw error;
  } finally {
    startup.dispose();
  }

  const findTool = (name: string) => exposed.find((entry) => entry.exposedName === name);

  return {
    serverNames: connections.map((connection) => connection.name),
    get skippedTools() {
      return skippedTools;
    },
    processIds: () => Object.fromEntries(connections.map((connection) => [connection.name, connection.pid])),
    async listTools({ signal }) {
      await refresh(signal);
      return exposed.map(toDefinition);
    },
    async callTool({ name, input, signal }: ToolCallRequest) {
      const entry = findTool(name);
      const connection = entry === undefined ? undefined : byName.get(entry.serverName);
      if (entry === undefined || connection === undefined) {
        throw new ToolSourceError({ message: `No MCP server offers a tool named '${name}'.` });
      }
      const result = await connection.callTool({ name: entry.tool.name, input, signal });
      return mapMcpToolResult(result);
    },
    async close() {
      await Promise.all(connections.map((connection) => connection.close()));
    },
  };
}

function toDefinition({ exposedName, tool }: ExposedTool<McpTool>): ToolDefinition {
  const definition: ToolDefinition = { name: exposedName, inputSchema: tool.inputSchema as JsonObject };
  if (tool.description !== undefined) definition.description = tool.description;
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema as JsonObject;
  return definition;
}
