import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ListRootsResult,
  ProgressToken,
  ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { LogLevel } from '../spec/log-message-schema.js';

/** What the mock's handlers need of the request they answer, whichever protocol revision carries it. */
export interface MockRequestExtra {
  /** Aborts when the client cancels the request or its session closes. */
  signal: AbortSignal;
  progressToken: ProgressToken | undefined;
  /** Sends a notification on the request's own stream. */
  sendNotification: (notification: ServerNotification) => Promise<void>;
  /** The client's capabilities: of its `initialize` (2025-11-25), or carried by the request (2026-07-28). */
  clientCapabilities: ClientCapabilities | undefined;
  input: LegacyInput | ModernInput;
}

/** 2025-11-25: the server asks the client with requests of its own, sent during the call. */
export interface LegacyInput {
  protocol: '2025-11-25';
  createMessage: (
    params: CreateMessageRequest['params'],
  ) => Promise<CreateMessageResult | CreateMessageResultWithTools>;
  elicitInput: (params: ElicitRequestFormParams | ElicitRequestURLParams) => Promise<ElicitResult>;
  listRoots: () => Promise<ListRootsResult>;
}

/** 2026-07-28: each request is self-contained; a retried call carries the answers and the state echoed. */
export interface ModernInput {
  protocol: '2026-07-28';
  inputResponses: Record<string, unknown> | undefined;
  requestState: string | undefined;
  /** The log level the request carries in its `_meta`, if any. */
  logLevel: LogLevel | undefined;
}
