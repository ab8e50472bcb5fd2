import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { mockMethodSchemas, type RegisterMockHandler } from './mock-methods.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import { registerMockHandlers } from './register-mock-handlers.js';
import { toServerCapabilities } from './server-capabilities.js';

/** The name and version a mock server reports in `initialize` (and `server/discover`). */
export const mockServerInfo = { name: 'mock-mcp', version: '0.1.0' };

/**
 * Creates the `McpServer` (of the 2025-11-25 SDK) of one 2025-11-25 session (one client connection) with the
 * capabilities the spec calls for, and registers it in `state.sessions`. The handlers are set on the low-level
 * server because the spec's schemas are JSON Schema, not zod shapes. `crash` ends the session.
 */
export function createSessionServer(options: {
  state: MockServerState;
  crash: (session: McpServer) => Promise<void>;
  jsonSchemaValidator?: jsonSchemaValidator;
}): McpServer {
  const { state } = options;
  const capabilities = toServerCapabilities(state.spec);
  const validator = options.jsonSchemaValidator ?? new AjvJsonSchemaValidator();
  const server = new McpServer(mockServerInfo, { capabilities, jsonSchemaValidator: validator });
  const session: MockSession = {
    subscriptions: new Set(),
    logLevel: undefined,
    peer: {
      protocol: '2025-11-25',
      isListening: () => server.isConnected(),
      sendToolListChanged: () => server.server.sendToolListChanged(),
      sendResourceUpdated: async (uri) => {
        if (session.subscriptions.has(uri)) await server.server.sendResourceUpdated({ uri });
      },
      close: () => server.close(),
    },
  };
  const handle: RegisterMockHandler = (method, handler) => {
    server.server.setRequestHandler(mockMethodSchemas[method], (request, extra) => {
      const signal = AbortSignal.any([extra.signal, state.closing.signal]);
      return handler(request.params, {
        signal: extra.signal,
        progressToken: extra._meta?.progressToken,
        sendNotification: extra.sendNotification,
        clientCapabilities: server.server.getClientCapabilities(),
        input: {
          protocol: '2025-11-25',
          createMessage: (params) =>
            server.server.createMessage(params, { relatedRequestId: extra.requestId, signal }),
          elicitInput: (params) =>
            server.server.elicitInput(params, { relatedRequestId: extra.requestId, signal }),
          listRoots: () => server.server.listRoots(undefined, { relatedRequestId: extra.requestId, signal }),
        },
      }) as never;
    });
  };
  registerMockHandlers({
    handle,
    state,
    session,
    capabilities,
    validator,
    crash: () => options.crash(server),
  });
  state.sessions.add(session);
  const previous = server.server.onclose;
  server.server.onclose = () => {
    state.sessions.delete(session);
    previous?.();
  };
  return server;
}
