import type { Refusal } from '../handler/describe-refusal.js';
import type { FakeLlmRule, RuleRefusal } from '../rules/fake-llm-rule.js';
import { findRuleRefusal } from '../rules/find-rule-refusal.js';
import type {
  MessagesAnswerContext,
  MessagesConversationContext,
  MessagesRequestContext,
  MessagesRuleReport,
} from './messages-rule-context.js';
import type { MessagesConversationRule, MessagesReportRule, MessagesRequestRule } from './messages-rule.js';
import { messagesRules } from './messages-rules.js';

/**
 * The refusal of the first rule that reads a request as it arrived and does not let it through, or `undefined`;
 * relaxed rules, and rules of the other operation, are skipped.
 */
export function findMessagesRequestRefusal(options: {
  context: MessagesRequestContext;
  relaxed: ReadonlySet<string>;
}): Refusal | undefined {
  const rules = messagesRules.filter(
    (rule): rule is MessagesRequestRule =>
      rule.stage === 'request' && rule.operations.includes(options.context.operation),
  );
  return toRefusal(findRuleRefusal({ rules, ...options }));
}

/** The same for the rules that read the whole conversation, once a thread is resolved. */
export function findMessagesConversationRefusal(options: {
  context: MessagesConversationContext;
  relaxed: ReadonlySet<string>;
}): Refusal | undefined {
  const rules = messagesRules.filter(
    (rule): rule is MessagesConversationRule =>
      rule.stage === 'conversation' && rule.operations.includes(options.context.operation),
  );
  return toRefusal(findRuleRefusal({ rules, ...options }));
}

/** What the reporting rules that are not relaxed find in an answered request, in the table's order. */
export function listMessagesRuleReports(options: {
  context: MessagesAnswerContext;
  relaxed: ReadonlySet<string>;
}): MessagesRuleReport[] {
  const { context, relaxed } = options;
  return messagesRules
    .filter(
      (rule): rule is MessagesReportRule =>
        rule.stage === 'answer' && rule.operations.includes(context.operation) && !relaxed.has(rule.id),
    )
    .flatMap((rule) => rule.report(context));
}

function toRefusal<Context>(
  found: { rule: FakeLlmRule<Context>; refusal: RuleRefusal } | undefined,
): Refusal | undefined {
  if (found === undefined) return undefined;
  const { rule, refusal } = found;
  return { type: 'rule', endpoint: 'messages', ruleId: rule.id, source: rule.source, refusal };
}
