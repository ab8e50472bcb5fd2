import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonRecord } from '../spec/json-object-schema.js';

/**
 * How a recorded call ended: a normal `result`, an isError `error` result, a JSON-RPC error (`throw`), a
 * `crash`, `cancelled` (the client cancelled, timed out or closed while it ran, e.g. a `hang`), `no_match`
 * (no scripted response fit; an isError result) or `unknown_tool` (a JSON-RPC error).
 */
export type MockCallOutcome =
  'result' | 'error' | 'throw' | 'crash' | 'cancelled' | 'no_match' | 'unknown_tool';

/** One `sampling/createMessage` exchange a `sample` response made while answering a call. */
export interface MockSamplingExchange {
  request: CreateMessageRequest['params'];
  /** What the client answered; missing when the request failed. */
  result?: CreateMessageResult | CreateMessageResultWithTools;
}

/**
 * One `elicitation/create` exchange an `elicit` or `inputRequired` response made while answering a call (a URL
 * elicitation of `inputRequired` in 2026-07-28 has no `elicitationId`).
 */
export interface MockElicitationExchange {
  request: ElicitRequestFormParams | ElicitRequestURLParams | Omit<ElicitRequestURLParams, 'elicitationId'>;
  /** What the client answered; missing when the request failed. */
  result?: ElicitResult;
}

/** One `roots/list` exchange an `inputRequired` response made while answering a call. */
export interface MockRootsExchange {
  /** What the client answered; missing when the request failed or is not answered yet. */
  result?: ListRootsResult;
}

/** One `tools/call` the server received, recorded when it starts and completed when it ends. */
export interface MockToolCall {
  tool: string;
  arguments: JsonRecord;
  /** The protocol revision the call came in. */
  protocol: '2025-11-25' | '2026-07-28';
  /** Index of the response used in the tool's `responses`; `undefined` when none fit or the tool is unknown. */
  responseIndex: number | undefined;
  /** `undefined` while the call is running. */
  outcome: MockCallOutcome | undefined;
  /** `Date.now()` when the call arrived. */
  startedAt: number;
  /** `Date.now()` when it ended; `undefined` while it is running. */
  endedAt: number | undefined;
  /**
   * 2026-07-28: how many times the call was answered `input_required` (each question of an `elicit` or
   * `sample` response is one round, answered by the client's retry). Always 0 in 2025-11-25.
   */
  inputRounds: number;
  /** The sampling requests a `sample` response sent, with the client's answers, in order. */
  sampling: MockSamplingExchange[];
  /** The elicitation requests an `elicit` response sent, with the client's answers, in order. */
  elicitation: MockElicitationExchange[];
  /** The `roots/list` requests an `inputRequired` response sent, with the client's answers, in order. */
  roots: MockRootsExchange[];
}
