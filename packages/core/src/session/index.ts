// Sessions: a host keeps conversations, limits across messages, and a store that survives restarts
export { SessionManager } from './session-manager.js';
export { parseLlmConfig } from './parse-llm-config.js';
export { llmConfigSchema } from './llm-config-schema.js';
export { fileLoopOptionsSchema, sessionLoopConfigSchema, sessionOptionNames } from './session-loop-config.js';
export { apiKeyEnvironmentVariables } from './resolve-api-key.js';
export { createMemorySessionStore } from './create-memory-session-store.js';
export { createFileSessionStore } from './create-file-session-store.js';
export { InvalidConfigError } from '../errors/invalid-config-error.js';
export { SessionNotFoundError } from '../errors/session-not-found-error.js';
export { MissingSecretError } from '../errors/missing-secret-error.js';
export { ApprovalPendingError } from '../errors/approval-pending-error.js';
export { SessionConflictError } from '../errors/session-conflict-error.js';
export { SessionBusyError } from '../errors/session-busy-error.js';
export type { SessionManagerOptions } from './session-manager-options.js';
export type {
  LlmConfig,
  LlmHttpServerConfig,
  LlmProviderType,
  LlmServerConfig,
  LlmStdioServerConfig,
  ServerSecrets,
  StoredHttpServerConfig,
  StoredLlmConfig,
  StoredServerConfig,
  StoredStdioServerConfig,
} from './llm-config.js';
export type { SessionLoopConfig, SessionLoopOptions } from './session-loop-config.js';
export type { SessionData } from './session-data.js';
export type {
  SessionChange,
  SessionLeaseRequest,
  SessionLeaseResult,
  SessionSaveOptions,
  SessionStore,
} from './session-store.js';
export type { MessageStream } from './create-message-stream.js';
export type {
  ClosableToolSource,
  ConnectServers,
  CreateModel,
  SessionAuthorizationHandler,
  SessionElicitationHandler,
} from './open-session-resources.js';
export type {
  ApprovalRequiredChunk,
  ChunkContent,
  ContentChunk,
  DoneChunk,
  ErrorChunk,
  MessageStreamChunk,
  StatusChunk,
  ThinkingChunk,
  ToolProgressChunk,
  ToolResultChunk,
  ToolStartChunk,
  WarningChunk,
} from './message-stream-chunk.js';
export type { ConfigIssue } from '../errors/invalid-config-error.js';
export type { SessionNotFoundReason } from '../errors/session-not-found-error.js';
export type { MissingSecret } from '../errors/missing-secret-error.js';
export type { SessionConflictReason } from '../errors/session-conflict-error.js';
