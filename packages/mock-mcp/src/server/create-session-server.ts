import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { handleToolCall } from './handle-tool-call.js';
import type { MockServerState } from './mock-server-state.js';
import { toListedTool } from './to-listed-tool.js';

/** The name and version a mock server reports in `initialize`. */
export const mockServerInfo = { name: 'mock-mcp', version: '0.1.0' };

/**
 * Creates the `McpServer` of one session (one client connection). `tools/list` and `tools/call` are set on the
 * low-level server because the spec's input schemas are JSON Schema, not zod shapes. `crash` ends the session.
 */
export function createSessionServer(options: {
  state: MockServerState;
  crash: (session: McpServer) => Promise<void>;
}): McpServer {
  const { state } = options;
  const session = new McpServer(mockServerInfo, { capabilities: { tools: { listChanged: true } } });
  session.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...state.tools.values()].map((toolState) => toListedTool(toolState.tool)),
  }));
  session.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    handleToolCall({ state, session, request, extra, crash: () => options.crash(session) }),
  );
  return session;
}
