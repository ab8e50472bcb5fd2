// Connecting MCP servers as a tool source
export { connectMcpServers } from './connect-mcp-servers.js';
export { validateMcpServersConfig } from './mcp-server-config.js';
export { mapMcpToolResult } from './map-mcp-tool-result.js';
export { createSharedJsonSchemaValidator } from './create-shared-json-schema-validator.js';
export type { SharedJsonSchemaValidatorOptions } from './create-shared-json-schema-validator.js';
export type { ConnectMcpServersOptions, McpToolSource } from './connect-mcp-servers.js';
export type { McpMessageRecord } from './tap-transport.js';
export type {
  HttpServerConfig,
  McpProtocol,
  McpServerConfig,
  McpServersConfig,
  StdioServerConfig,
  TransportServerConfig,
} from './mcp-server-config.js';

// Servers behind OAuth
export { createMemoryTokenStore } from './mcp-token-store.js';
export type { McpStoredAuth, McpTokenKey, McpTokenStore } from './mcp-token-store.js';
export type { McpAuthConfig } from './mcp-auth-config.js';
export type { McpAuthorizationHandler, McpAuthorizationRequest } from './create-oauth-provider.js';

// Answering servers that ask the user for input during a tool call
export type {
  ElicitationHandler,
  ElicitationRequest,
  ElicitationResponse,
} from './attach-elicitation-handler.js';

// Answering servers' sampling requests with a Model
export { createSamplingHandler } from './create-sampling-handler.js';
export { convertSamplingMessages } from './convert-sampling-messages.js';
export type { SamplingHandler, SamplingHandlerOptions } from './create-sampling-handler.js';
