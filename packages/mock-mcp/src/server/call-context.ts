import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ProgressToken,
  ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import type { MockToolCall } from './mock-tool-call.js';

/** What answering one call needs from its session: the request's signal, progress token and peer. */
export interface CallContext {
  state: MockServerState;
  session: MockSession;
  call: MockToolCall;
  /** Aborts when the client cancels the request, the session closes or the server closes. */
  signal: AbortSignal;
  progressToken: ProgressToken | undefined;
  /** Sends a notification on the request's own stream. */
  sendNotification: (notification: ServerNotification) => Promise<void>;
  createMessage: (
    params: CreateMessageRequest['params'],
  ) => Promise<CreateMessageResult | CreateMessageResultWithTools>;
  /** Sends `elicitation/create`; a form answer that does not fit `requestedSchema` rejects. */
  elicitInput: (params: ElicitRequestFormParams | ElicitRequestURLParams) => Promise<ElicitResult>;
  clientCapabilities: ClientCapabilities | undefined;
  /** Ends the session mid-call (closes the transport, or exits the stdio process). */
  crash: () => Promise<void>;
}
