import { listToolsPage } from './list-tools-page.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { handleToolCall } from './handle-tool-call.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import { registerPromptHandlers } from './register-prompt-handlers.js';
import { registerResourceHandlers } from './register-resource-handlers.js';
import { toServerCapabilities } from './server-capabilities.js';
import { toListedTool } from './to-listed-tool.js';

/** The name and version a mock server reports in `initialize`. */
export const mockServerInfo = { name: 'mock-mcp', version: '0.1.0' };

/**
 * Creates the `McpServer` of one session (one client connection) with the capabilities the spec calls for,
 * and registers it in `state.sessions`. The handlers are set on the low-level server because the spec's
 * schemas are JSON Schema, not zod shapes. `crash` ends the session.
 */
export function createSessionServer(options: {
  state: MockServerState;
  crash: (session: McpServer) => Promise<void>;
  jsonSchemaValidator?: jsonSchemaValidator;
}): McpServer {
  const { state } = options;
  const capabilities = toServerCapabilities(state.spec);
  const session = new McpServer(mockServerInfo, {
    capabilities,
    ...(options.jsonSchemaValidator === undefined
      ? {}
      : { jsonSchemaValidator: options.jsonSchemaValidator }),
  });
  const sessionState: MockSession = { subscriptions: new Set(), logLevel: undefined };
  const crash = () => options.crash(session);
  const requestSignal = (signal: AbortSignal) => AbortSignal.any([signal, state.closing.signal]);
  session.server.setRequestHandler(ListToolsRequestSchema, (request) =>
    listToolsPage({
      tools: [...state.tools.values()].map((toolState) => toListedTool(toolState.tool)),
      pageSize: state.spec.toolsPageSize,
      cursor: request.params?.cursor,
    }),
  );
  session.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    handleToolCall({ state, session, sessionState, request, extra, crash }),
  );
  if (capabilities.resources !== undefined) {
    registerResourceHandlers({ session, state, sessionState, requestSignal, crash });
  }
  if (capabilities.prompts !== undefined || capabilities.completions !== undefined) {
    registerPromptHandlers({ session, state, capabilities, requestSignal, crash });
  }
  if (capabilities.logging !== undefined) {
    session.server.setRequestHandler(SetLevelRequestSchema, (request) => {
      sessionState.logLevel = request.params.level;
      return {};
    });
  }
  state.sessions.set(session, sessionState);
  return session;
}
