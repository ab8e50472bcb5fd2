import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { LogLevel } from '../spec/log-message-schema.js';
import { mockServerInfo } from './create-session-server.js';
import type { RegisterMockHandler } from './mock-methods.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import { registerMockHandlers } from './register-mock-handlers.js';
import { toServerCapabilities } from './server-capabilities.js';

const clientCapabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';
const logLevelKey = 'io.modelcontextprotocol/logLevel';

/**
 * Creates the server (of the v2 SDK) that answers 2026-07-28 requests for `session`: over stdio one for the
 * connection, over HTTP one for each request. Every request carries what the client is (its capabilities, its
 * log level) and, when it retries a call that asked for input, the answers and the `requestState`.
 */
export function createModernSessionServer(options: {
  state: MockServerState;
  session: MockSession;
  validator: jsonSchemaValidator;
  crash: () => Promise<void>;
}): McpServer {
  const { state, session, validator, crash } = options;
  const capabilities = toServerCapabilities(state.spec);
  // The two SDKs' capability types differ only in how they type `experimental`, which a mock never declares.
  const server = new McpServer(mockServerInfo, { capabilities: capabilities as never });
  const handle: RegisterMockHandler = (method, handler) => {
    server.server.setRequestHandler(method, ((request: { params?: unknown }, context: ServerContext) => {
      const envelope = (context.mcpReq.envelope ?? {}) as Record<string, unknown>;
      return handler(request.params as never, {
        signal: context.mcpReq.signal,
        progressToken: context.mcpReq._meta?.progressToken,
        sendNotification: (notification) => context.mcpReq.notify(notification),
        clientCapabilities: envelope[clientCapabilitiesKey] as ClientCapabilities | undefined,
        input: {
          protocol: '2026-07-28',
          inputResponses: context.mcpReq.inputResponses,
          requestState: context.mcpReq.requestState<string>(),
          logLevel: envelope[logLevelKey] as LogLevel | undefined,
        },
      });
    }) as never);
  };
  registerMockHandlers({ handle, state, session, capabilities, validator, crash });
  return server;
}
