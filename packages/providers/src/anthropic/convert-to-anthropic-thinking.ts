import type { ThinkingConfigEnabled, ThinkingConfigParam } from '@anthropic-ai/sdk/resources/messages';
import type { ThinkingEffort, ThinkingSettings, WarningPart } from '@toolloop/core';
import type { AnthropicModelCapabilities } from './anthropic-model-capabilities.js';

/** What a request sends for thinking, and the `max_tokens` it needs for it. */
export interface AnthropicThinkingRequest {
  thinking?: ThinkingConfigParam;
  effort?: ThinkingEffort;
  maxTokens: number;
  /** Whether the model will think on this request (sent, or on by default): forced tool choice is then rejected. */
  thinks: boolean;
  warnings: WarningPart[];
}

/** The smallest budget the API takes for manual thinking. */
export const minimumThinkingBudget = 1024;

const budgetForEffort: Record<ThinkingEffort, number> = {
  low: 2048,
  medium: 8192,
  high: 16_384,
  max: 32_768,
};

/**
 * Turns the caller's thinking settings into what the model accepts: a manual budget of at least 1024 below
 * `max_tokens` (raising `max_tokens` when needed), adaptive thinking with an effort, or nothing plus a warning
 * when the model cannot think. Without settings nothing is sent and the model keeps its own default.
 */
export function convertToAnthropicThinking({
  settings,
  capabilities,
  maxTokens,
  modelId,
}: {
  settings: ThinkingSettings | undefined;
  capabilities: AnthropicModelCapabilities;
  maxTokens: number;
  modelId: string;
}): AnthropicThinkingRequest {
  const warnings: WarningPart[] = [];
  if (settings === undefined || !settings.enabled) {
    if (settings !== undefined && capabilities.thinksByDefault) {
      warnings.push({
        type: 'warning',
        code: 'thinking_always_on',
        message: `${modelId} always thinks; thinking cannot be turned off (lower the effort instead).`,
      });
    }
    return { maxTokens, thinks: capabilities.thinksByDefault, warnings };
  }

  switch (capabilities.thinking) {
    case 'none':
      warnings.push({
        type: 'warning',
        code: 'thinking_unsupported',
        message: `${modelId} does not support thinking; the request was sent without it.`,
      });
      return { maxTokens, thinks: false, warnings };
    case 'manual':
      return {
        ...manualThinking({ settings, capabilities, maxTokens, modelId, warnings }),
        thinks: true,
        warnings,
      };
    case 'adaptive':
    case 'adaptive-only': {
      const effort = settings.effort ?? effortForBudget(settings.budgetTokens);
      const request: AnthropicThinkingRequest = {
        thinking: { type: 'adaptive' },
        maxTokens,
        thinks: true,
        warnings,
      };
      if (effort !== undefined) request.effort = effort;
      return request;
    }
    default: {
      const unknownMode: never = capabilities.thinking;
      throw new Error(`Unknown thinking mode ${String(unknownMode)}`);
    }
  }
}

function manualThinking({
  settings,
  capabilities,
  maxTokens,
  modelId,
  warnings,
}: {
  settings: ThinkingSettings;
  capabilities: AnthropicModelCapabilities;
  maxTokens: number;
  modelId: string;
  warnings: WarningPart[];
}): { thinking: ThinkingConfigEnabled; maxTokens: number } {
  const wanted = settings.budgetTokens ?? budgetForEffort[settings.effort ?? 'medium'];
  let budget = Math.max(Math.floor(wanted), minimumThinkingBudget);
  if (budget !== wanted && settings.budgetTokens !== undefined) {
    warnings.push({
      type: 'warning',
      code: 'thinking_budget_raised',
      message: `A thinking budget of ${settings.budgetTokens} tokens is below the minimum; ${budget} was sent.`,
    });
  }
  // Thinking counts toward max_tokens: keep the caller's room for the answer on top of the budget.
  let tokens = budget < maxTokens ? maxTokens : Math.min(budget + maxTokens, capabilities.maxOutputTokens);
  if (budget >= tokens) {
    tokens = capabilities.maxOutputTokens;
    budget = Math.max(minimumThinkingBudget, tokens - minimumThinkingBudget);
    warnings.push({
      type: 'warning',
      code: 'thinking_budget_lowered',
      message: `${modelId} produces at most ${capabilities.maxOutputTokens} tokens; the thinking budget was lowered to ${budget}.`,
    });
  }
  return { thinking: { type: 'enabled', budget_tokens: budget }, maxTokens: tokens };
}

/** A budget, for a model that takes an effort instead: the nearest level. */
function effortForBudget(budgetTokens: number | undefined): ThinkingEffort | undefined {
  if (budgetTokens === undefined) return undefined;
  if (budgetTokens < 4096) return 'low';
  if (budgetTokens < 16_384) return 'medium';
  return 'high';
}
