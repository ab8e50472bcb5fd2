import type { JsonObject, ThinkingEffort, ThinkingSettings, WarningPart } from '@toolloop/core';
import type { BedrockCapabilities } from './bedrock-capabilities.js';

/** What a request sends for thinking, and the `maxTokens` it needs for it. */
export interface BedrockThinkingRequest {
  /** Claude's `thinking` (and `output_config.effort`), sent in `additionalModelRequestFields`. */
  fields?: JsonObject;
  maxTokens: number;
  /** Whether the model will think on this request (sent, or on by default): a forced tool choice is then refused. */
  thinks: boolean;
  warnings: WarningPart[];
}

/** The smallest budget Claude takes for manual thinking. */
const minimumBudget = 1024;
const budgetForEffort: Record<ThinkingEffort, number> = {
  low: 2048,
  medium: 8192,
  high: 16_384,
  max: 32_768,
};

/**
 * The loop's thinking settings as Bedrock relays them to Claude, in `additionalModelRequestFields`: a manual
 * `{ thinking: { type: 'enabled', budget_tokens } }` of at least 1024 below `maxTokens` (raised when needed), or
 * `{ thinking: { type: 'adaptive' }, output_config: { effort } }` for the adaptive models. A model that cannot
 * think (Nova, Llama, Mistral on Converse) gets nothing, and a warning. Without settings nothing is sent.
 */
export function convertToBedrockThinking({
  settings,
  capabilities,
  maxTokens,
  modelId,
}: {
  settings: ThinkingSettings | undefined;
  capabilities: BedrockCapabilities;
  maxTokens: number;
  modelId: string;
}): BedrockThinkingRequest {
  const warnings: WarningPart[] = [];
  if (settings === undefined || !settings.enabled) {
    return { maxTokens, thinks: capabilities.thinksByDefault, warnings };
  }
  switch (capabilities.thinking) {
    case 'none':
      warnings.push({
        type: 'warning',
        code: 'thinking_unsupported',
        message: `${modelId} does not think on Bedrock's Converse API; the request was sent without thinking.`,
      });
      return { maxTokens, thinks: false, warnings };
    case 'manual': {
      const wanted = settings.budgetTokens ?? budgetForEffort[settings.effort ?? 'medium'];
      let budget = Math.max(Math.floor(wanted), minimumBudget);
      // Thinking counts toward maxTokens: the caller's room for the answer stays on top of the budget.
      let tokens =
        budget < maxTokens ? maxTokens : Math.min(budget + maxTokens, capabilities.maxOutputTokens);
      if (budget >= tokens) {
        tokens = capabilities.maxOutputTokens;
        budget = Math.max(minimumBudget, tokens - minimumBudget);
        warnings.push({
          type: 'warning',
          code: 'thinking_budget_lowered',
          message: `${modelId} produces at most ${capabilities.maxOutputTokens} tokens; the thinking budget was lowered to ${budget}.`,
        });
      }
      return {
        fields: { thinking: { type: 'enabled', budget_tokens: budget } },
        maxTokens: tokens,
        thinks: true,
        warnings,
      };
    }
    case 'adaptive':
    case 'adaptive-only': {
      const effort = settings.effort ?? effortForBudget(settings.budgetTokens);
      return {
        fields: {
          thinking: { type: 'adaptive' },
          ...(effort === undefined ? {} : { output_config: { effort } }),
        },
        maxTokens,
        thinks: true,
        warnings,
      };
    }
    default: {
      const unknownMode: never = capabilities.thinking;
      throw new Error(`Unknown thinking mode ${String(unknownMode)}`);
    }
  }
}

function effortForBudget(budgetTokens: number | undefined): ThinkingEffort | undefined {
  if (budgetTokens === undefined) return undefined;
  if (budgetTokens < 4096) return 'low';
  if (budgetTokens < 16_384) return 'medium';
  return 'high';
}
