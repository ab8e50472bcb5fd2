import type { CatalogueModel } from '@toolloop/models';
import type { AnthropicAnswer } from './anthropic-answer.js';
import type { MessagesApiVersion } from './messages-api-version.js';
import type { RequestMessage } from './messages-request-body.js';

/** What a Messages API request asks for: an answer (`POST /v1/messages`) or a token count (`…/count_tokens`). */
export type MessagesOperation = 'messages' | 'count-tokens';

/** What the Messages API's rules read of a request as it arrived, before its thread (if any) is resolved. */
export interface MessagesRequestContext {
  operation: MessagesOperation;
  /** The body as sent: JSON of any shape, until the definition rule has held it to the API's. */
  body: unknown;
  /** The `anthropic-version` header as sent; `null` when there is none. */
  versionHeader: string | null;
  /**
   * The version whose definition the body is held to: the header's, or 2023-06-01 when there is none (or when
   * the rule for unknown versions is relaxed).
   */
  version: MessagesApiVersion;
  /** A `beta.messages` request: `?beta=true` in the URL, or an `anthropic-beta` header. */
  beta: boolean;
  /** The betas the `anthropic-beta` header names (comma-separated), such as `context-1m-2025-08-07`. */
  betas: string[];
  /** The model the body names, with its limits; `undefined` when the API (and the script) has no such model. */
  model: CatalogueModel | undefined;
}

/** What the rules read once a request's thread is resolved: the whole conversation it continues. */
export interface MessagesConversationContext extends MessagesRequestContext {
  /** The body as sent, an object. */
  fields: Record<string, unknown>;
  /** Every message of the conversation, a thread's stored ones first, content as blocks. */
  messages: RequestMessage[];
  /** The same messages as sent. */
  rawMessages: unknown[];
  /** The tools that apply: the request's, or a thread's. */
  tools: unknown;
  /** The length of the whole request (for a `continue`, of the request it stands for), for the token estimate. */
  promptLength: number;
}

/** What the reporting rules read once a request is answered: its conversation, and the answers sent before. */
export interface MessagesAnswerContext extends MessagesConversationContext {
  answers: readonly AnthropicAnswer[];
}

/** A mistake a reporting rule found: the violation it becomes. */
export interface MessagesRuleReport {
  type: 'missing-tool-result' | 'unexpected-tool-result' | 'thinking-changed';
  message: string;
}
