import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ProgressToken,
  ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { MockServerState } from './mock-server-state.js';
import type { MockToolCall } from './mock-tool-call.js';

/** What answering one call needs from its session: the request's signal, progress token and peer. */
export interface CallContext {
  state: MockServerState;
  call: MockToolCall;
  /** Aborts when the client cancels the request, the session closes or the server closes. */
  signal: AbortSignal;
  progressToken: ProgressToken | undefined;
  sendNotification: (notification: ServerNotification) => Promise<void>;
  createMessage: (
    params: CreateMessageRequest['params'],
  ) => Promise<CreateMessageResult | CreateMessageResultWithTools>;
  clientCapabilities: ClientCapabilities | undefined;
  /** Ends the session mid-call (closes the transport, or exits the stdio process). */
  crash: () => Promise<void>;
}
