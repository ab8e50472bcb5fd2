import { isRecord } from '../internal/is-record.js';
import type { FakeLlmRule, FakeLlmRuleDescription, RuleRefusal } from '../rules/fake-llm-rule.js';
import type {
  MessagesAnswerContext,
  MessagesConversationContext,
  MessagesOperation,
  MessagesRequestContext,
  MessagesRuleReport,
} from './messages-rule-context.js';

/** What every Messages API rule says of itself besides its check: the operations it holds. */
interface MessagesRuleRow {
  /** `POST /v1/messages`, and `…/count_tokens` for the rules that counting takes part in. */
  operations: readonly MessagesOperation[];
}

/** A rule that reads the body as it arrived, before its thread is resolved. */
export interface MessagesRequestRule extends FakeLlmRule<MessagesRequestContext>, MessagesRuleRow {
  stage: 'request';
  outcome: 'refuses';
}

/** A rule that reads the whole conversation, a thread's stored messages included. */
export interface MessagesConversationRule extends FakeLlmRule<MessagesConversationContext>, MessagesRuleRow {
  stage: 'conversation';
  outcome: 'refuses';
}

/** A rule whose mistakes the fake reports as violations, and still answers. */
export interface MessagesReportRule extends FakeLlmRuleDescription, MessagesRuleRow {
  stage: 'answer';
  outcome: 'reports';
  report(context: MessagesAnswerContext): MessagesRuleReport[];
}

/** One rule of the Messages API, at the stage of a request it reads. */
export type MessagesRule = MessagesRequestRule | MessagesConversationRule | MessagesReportRule;

/** Both operations, or `POST /v1/messages` alone (rules about `max_tokens`, the context window, the answer). */
export const allMessagesOperations: readonly MessagesOperation[] = ['messages', 'count-tokens'];
export const messagesOperationOnly: readonly MessagesOperation[] = ['messages'];

/** The API's 400 `invalid_request_error` with `message`; `undefined` (let through) when there is none. */
export function invalidRequest(message: string | undefined): RuleRefusal | undefined {
  return message === undefined ? undefined : { status: 400, type: 'invalid_request_error', message };
}

/** A body's fields, `{}` for a body that is no object. */
export function readBodyFields(body: unknown): Record<string, unknown> {
  return isRecord(body) ? body : {};
}

/** A body's `messages`, `[]` when it has no list of them. */
export function readBodyMessages(body: unknown): unknown[] {
  const { messages } = readBodyFields(body);
  return Array.isArray(messages) ? messages : [];
}

/** The pages rules cite. */
export const thinkingPage = 'https://platform.claude.com/docs/en/build-with-claude/extended-thinking';
export const modelsPage = 'https://platform.claude.com/docs/en/about-claude/models/overview';
