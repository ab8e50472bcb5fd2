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
import type { MockProtocolRevision, MockServerState, MockSession } from './mock-server-state.js';
import type { MockToolCall } from './mock-tool-call.js';
import type { InputRound } from './input-request.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/** What answering one call needs from its session: the request's signal, progress token and peer. */
export interface CallContext {
  state: MockServerState;
  session: MockSession;
  call: MockToolCall;
  /** The revision the call came in. */
  protocol: MockProtocolRevision;
  /**
   * True while a 2026-07-28 call is delivered again up to the input it waited for: the responses reached
   * before it already sent their progress and log messages and waited their delays, and do not again.
   */
  replaying: () => boolean;
  /** Aborts when the client cancels the request, the session closes or the server closes. */
  signal: AbortSignal;
  progressToken: ProgressToken | undefined;
  /** Sends a notification on the request's own stream. */
  sendNotification: (notification: ServerNotification) => Promise<void>;
  /** Sends `sampling/createMessage`, or takes the retry's answer, as `elicitInput`. */
  createMessage: (
    params: CreateMessageRequest['params'],
  ) => Promise<CreateMessageResult | CreateMessageResultWithTools>;
  /**
   * Sends `elicitation/create` (2025-11-25) or takes the answer the client's retry carries (2026-07-28; with
   * none yet, throws `InputNeeded`); a form answer that does not fit `requestedSchema` rejects.
   */
  elicitInput: (params: ElicitRequestFormParams | ElicitRequestURLParams) => Promise<ElicitResult>;
  /**
   * Asks a round of questions (an `inputRequired` response) and resolves with the answers by name, unchecked:
   * in 2025-11-25 each sent to the client in turn, in 2026-07-28 the answers the retry carries (with none yet,
   * throws `InputNeeded`).
   */
  askRound: (round: InputRound) => Promise<Record<string, unknown>>;
  /**
   * Makes a choice of the call once: `select` the first time; a 2026-07-28 call delivered again gets the same
   * choices in the same order, and `select` is not called (the responses a sampled model's tool calls get).
   */
  choose: (select: () => number | undefined) => number | undefined;
  /** Checks a form's content against its `requestedSchema`. */
  validator: jsonSchemaValidator;
  clientCapabilities: ClientCapabilities | undefined;
  /** Ends the session mid-call (closes the transport, or exits the stdio process). */
  crash: () => Promise<void>;
}
