import type { ChatCompletionsDialect } from '../openai/chat-completions-dialect.js';
import type { FakeLlmRule, RuleRefusal } from './fake-llm-rule.js';

/**
 * The first rule of a table, in order, that does not let the request through, with its refusal; rules the fake
 * was told to relax, and rules of other dialects, are skipped.
 */
export function findRuleRefusal<Context>(options: {
  rules: readonly FakeLlmRule<Context>[];
  context: Context;
  relaxed: ReadonlySet<string>;
  /** Chat completions: the script's dialect. */
  dialect?: ChatCompletionsDialect;
}): { rule: FakeLlmRule<Context>; refusal: RuleRefusal } | undefined {
  const { rules, context, relaxed, dialect } = options;
  for (const rule of rules) {
    if (relaxed.has(rule.id)) continue;
    if (dialect !== undefined && rule.dialects !== undefined && !rule.dialects.includes(dialect)) continue;
    const refusal = rule.check(context);
    if (refusal !== undefined) return { rule, refusal };
  }
  return undefined;
}
