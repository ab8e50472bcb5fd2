import type { FakeLlmRule } from '../rules/fake-llm-rule.js';

/** What the Messages API's rules read of one request. */
export interface MessagesRuleContext {
  /** The request body as sent. */
  body: Record<string, unknown>;
}

/**
 * The Messages API's rules, in the order the fake applies them; the first that does not let a request through
 * answers it. Each row names its source.
 */
export const messagesRules: readonly FakeLlmRule<MessagesRuleContext>[] = [];
