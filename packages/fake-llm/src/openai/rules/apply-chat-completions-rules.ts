import type { FakeLlmRule, RuleRefusal } from '../../rules/fake-llm-rule.js';
import { findRuleRefusal } from '../../rules/find-rule-refusal.js';
import type {
  ChatCompletionsRefusalRule,
  ChatCompletionsReportRule,
  ChatCompletionsRule,
  ChatCompletionsRuleContext,
} from './chat-completions-rule.js';

/** A breach a reporting rule found: the violation's type and what it says. */
export interface ChatCompletionsReport {
  type: ChatCompletionsReportRule['violationType'];
  message: string;
}

/**
 * The first refusing rule of the table the request breaks, with the API's answer; rules the fake was told to
 * relax, and rules of other dialects than the script's, are skipped.
 */
export function findChatCompletionsRefusal(options: {
  rules: readonly ChatCompletionsRule[];
  context: ChatCompletionsRuleContext;
  relaxed: ReadonlySet<string>;
}): { rule: FakeLlmRule<ChatCompletionsRuleContext>; refusal: RuleRefusal } | undefined {
  const { context, relaxed } = options;
  const rules = options.rules.filter(
    (rule): rule is ChatCompletionsRefusalRule => rule.outcome === 'refuses',
  );
  return findRuleRefusal({ rules, context, relaxed, dialect: context.dialect });
}

/** Every breach of the table's reporting rules, in table order, skipping relaxed rules and other dialects'. */
export function findChatCompletionsReports(options: {
  rules: readonly ChatCompletionsRule[];
  context: ChatCompletionsRuleContext;
  relaxed: ReadonlySet<string>;
}): ChatCompletionsReport[] {
  const { context, relaxed } = options;
  return options.rules.flatMap((rule) => {
    if (rule.outcome !== 'reports' || relaxed.has(rule.id)) return [];
    if (rule.dialects !== undefined && !rule.dialects.includes(context.dialect)) return [];
    return rule.report(context).map((message) => ({ type: rule.violationType, message }));
  });
}
