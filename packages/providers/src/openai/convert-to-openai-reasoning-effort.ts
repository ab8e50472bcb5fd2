import type { ReasoningEffort } from 'openai/resources/shared';
import type { ThinkingSettings, WarningPart } from '@toolloop/core';

/**
 * Core thinking settings as `reasoning_effort`, for models that take it. `effort` maps one to one (`max`, which
 * not every reasoning model accepts, is sent as `high` with a warning); a `budgetTokens` alone becomes the nearest
 * effort (below 4096 low, below 16 384 medium, else high). `enabled: false` and settings without either send
 * nothing, so the model keeps its default. A model without `reasoning_effort` gets nothing, with a warning.
 */
export function convertToOpenAIReasoningEffort({
  settings,
  takesReasoningEffort,
  modelId,
}: {
  settings: ThinkingSettings | undefined;
  takesReasoningEffort: boolean;
  modelId: string;
}): { reasoningEffort?: ReasoningEffort; warnings: WarningPart[] } {
  if (settings?.enabled !== true) return { warnings: [] };
  if (!takesReasoningEffort) {
    return {
      warnings: [
        {
          type: 'warning',
          code: 'thinking_unsupported',
          message: `The model ${modelId} does not take reasoning_effort, so the thinking settings were not sent (set capabilities.reasoningEffort if it does).`,
        },
      ],
    };
  }
  if (settings.effort === 'max') {
    return {
      reasoningEffort: 'high',
      warnings: [
        {
          type: 'warning',
          code: 'thinking_effort_lowered',
          message: `Thinking effort 'max' was sent as reasoning_effort 'high', the highest every reasoning model accepts.`,
        },
      ],
    };
  }
  if (settings.effort !== undefined) return { reasoningEffort: settings.effort, warnings: [] };
  if (settings.budgetTokens !== undefined) {
    const budget = settings.budgetTokens;
    return { reasoningEffort: budget < 4096 ? 'low' : budget < 16_384 ? 'medium' : 'high', warnings: [] };
  }
  return { warnings: [] };
}
