import {
  allMessagesOperations,
  invalidRequest,
  messagesOperationOnly,
  modelsPage,
  thinkingPage,
  type MessagesRequestRule,
} from './messages-rule.js';
import { readThinkingConfig } from './read-thinking-config.js';

/**
 * The rules that hold a Messages API body to its thinking settings and to its model's limits, in the order the
 * fake applies them (after `messagesRequestRules`).
 */
export const messagesLimitRules: readonly MessagesRequestRule[] = [
  {
    id: 'messages/thinking-budget-minimum',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'Manual thinking with `budget_tokens` below 1024.',
    source: `${thinkingPage} (the minimum budget is 1,024 tokens); the API's answer, as reported to https://github.com/themaximalist/llm.js/issues/30`,
    check: ({ body }) => {
      const { type, budgetTokens } = readThinkingConfig(body);
      return type === 'enabled' && budgetTokens !== undefined && budgetTokens < 1024
        ? invalidRequest('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024')
        : undefined;
    },
  },
  {
    id: 'messages/thinking-budget-below-max-tokens',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: messagesOperationOnly,
    summary: 'Manual thinking whose `budget_tokens` is not below `max_tokens`.',
    source: `${thinkingPage}#max-tokens-and-context-window-size; the API's answer, as reported to https://github.com/ProfSynapse/nexus/issues/17`,
    check: ({ body }) => {
      const { type, budgetTokens, maxTokens } = readThinkingConfig(body);
      if (type !== 'enabled' || budgetTokens === undefined || maxTokens === undefined) return undefined;
      if (maxTokens > budgetTokens) return undefined;
      return invalidRequest(
        '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at ' +
          'https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size',
      );
    },
  },
  {
    id: 'messages/manual-thinking-unsupported',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      'Manual thinking (`type: enabled`) on a model that thinks adaptively only (Claude Opus 4.7 and later).',
    source:
      "the API's answer, as reported to https://github.com/earendil-works/pi/issues/3297 and " +
      'https://github.com/anomalyco/opencode/issues/22863; which models: the model catalogue (@toolloop/models)',
    check: ({ body, model }) =>
      model?.thinking === 'adaptive-only' && readThinkingConfig(body).type === 'enabled'
        ? invalidRequest(
            '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and ' +
              '"output_config.effort" to control thinking behavior.',
          )
        : undefined,
  },
  {
    id: 'messages/adaptive-thinking-unsupported',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'Adaptive thinking on a model with manual thinking only, or none (Claude 4.5 and earlier).',
    source:
      "the API's answer for Claude Opus 4.1, as quoted in client code (no public issue thread on record); " +
      `${thinkingPage} (adaptive thinking came with Claude 4.6); which models: the model catalogue`,
    check: ({ body, model }) =>
      (model?.thinking === 'manual' || model?.thinking === 'none') &&
      readThinkingConfig(body).type === 'adaptive'
        ? invalidRequest(
            "thinking: Input tag 'adaptive' found using 'type' does not match any of the expected tags: 'enabled', 'disabled'",
          )
        : undefined,
  },
  {
    id: 'messages/max-output-tokens',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: messagesOperationOnly,
    summary: "`max_tokens` above the model's output limit.",
    source:
      `${modelsPage} (each model's maximum output); the wording as client code quotes the API's answers ` +
      '(e.g. "max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for ' +
      'claude-sonnet-4-5"), no public issue thread on record',
    check: ({ body, model }) => {
      const { maxTokens } = readThinkingConfig(body);
      if (model === undefined || maxTokens === undefined || maxTokens <= model.maxOutputTokens)
        return undefined;
      return invalidRequest(
        `max_tokens: ${maxTokens} > ${model.maxOutputTokens}, which is the maximum allowed number of output tokens for ${model.id}`,
      );
    },
  },
];
