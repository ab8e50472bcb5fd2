import type { FakeLlmRule } from '../rules/fake-llm-rule.js';

/** What chat completions' rules read of one request. */
export interface ChatCompletionsRuleContext {
  /** The request body as sent. */
  body: Record<string, unknown>;
}

/**
 * Chat completions' rules, in the order the fake applies them; the first that does not let a request through
 * answers it. Each row names its source, and the dialects whose servers have it.
 */
export const chatCompletionsRules: readonly FakeLlmRule<ChatCompletionsRuleContext>[] = [];
