import type { ThinkingEffort, ThinkingSettings, WarningPart } from '@toolloop/core';
import type { GeminiCapabilities } from './gemini-capabilities.js';
import type { GeminiThinkingConfig } from './gemini-request.js';

/** The thinking budgets a Gemini 2.5 model gets for an effort; `max` is the model's most (Pro 32,768, else 24,576). */
const budgets: Record<ThinkingEffort, number> = { low: 1024, medium: 8192, high: 24_576, max: 24_576 };
const proMaxBudget = 32_768;

/** The thinking level a Gemini 3 model gets for an effort (Gemini 3 Pro takes no `MEDIUM`: it gets `HIGH`). */
const levels: Record<ThinkingEffort, 'LOW' | 'MEDIUM' | 'HIGH'> = {
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
  max: 'HIGH',
};

/**
 * The loop's thinking settings as Gemini's `thinkingConfig`, thoughts included whenever the model thinks:
 * - none given: the model's own thinking, its thoughts asked for when it thinks by default;
 * - enabled: Gemini 2.5 a `thinkingBudget` (`budgetTokens`, else the effort's budget, else -1, the model's
 *   choice); Gemini 3 a `thinkingLevel` from the effort (`budgetTokens` alone goes as a budget, which it takes too;
 *   Gemini 3 Pro, which has no `MEDIUM`, gets `HIGH` for it);
 * - disabled: `thinkingBudget: 0` on Gemini 2.5 but Pro; Gemini 2.5 Pro and Gemini 3 cannot stop thinking, so
 *   nothing is sent, with a warning.
 * A budget outside the model's range is brought into it, with a warning.
 * A model that does not think gets nothing, and a warning when thinking was asked for.
 */
export function convertToGeminiThinkingConfig(options: {
  settings: ThinkingSettings | undefined;
  capabilities: GeminiCapabilities;
  modelId: string;
}): { thinkingConfig: GeminiThinkingConfig | undefined; warnings: WarningPart[] } {
  const { settings, capabilities, modelId } = options;
  // The SDK takes `models/gemini-2.5-pro` as well as `gemini-2.5-pro`.
  const name = modelId.replace(/^models\//u, '');
  const kind = capabilities.thinking;
  if (kind === 'none') {
    const warnings: WarningPart[] =
      settings?.enabled === true
        ? [
            {
              type: 'warning',
              code: 'thinking_unsupported',
              message: `${modelId} is not known to think (set capabilities.thinking if it does); thinking was not sent.`,
            },
          ]
        : [];
    return { thinkingConfig: undefined, warnings };
  }
  if (settings === undefined) {
    return {
      thinkingConfig: capabilities.thinksByDefault ? { includeThoughts: true } : undefined,
      warnings: [],
    };
  }
  const range = budgetRange(name);
  if (!settings.enabled) {
    if (kind === 'budget' && range.canTurnOff) return { thinkingConfig: { thinkingBudget: 0 }, warnings: [] };
    if (kind === 'budget')
      return {
        thinkingConfig: undefined,
        warnings: [
          {
            type: 'warning',
            code: 'thinking_always_on',
            message: `${modelId} cannot turn thinking off (Gemini 2.5 Pro takes a budget of ${range.min} at the least); it thinks as it chooses.`,
          },
        ],
      };
    return {
      thinkingConfig: undefined,
      warnings: [
        {
          type: 'warning',
          code: 'thinking_always_on',
          message: `${modelId} always thinks (Gemini 3 takes a thinking level, never none); thinking stays on.`,
        },
      ],
    };
  }
  const { budgetTokens, effort } = settings;
  if (kind === 'level') {
    if (effort !== undefined) {
      const level = effort === 'medium' && /^gemini-3-pro/u.test(name) ? 'HIGH' : levels[effort];
      return { thinkingConfig: { includeThoughts: true, thinkingLevel: level }, warnings: [] };
    }
    if (budgetTokens !== undefined)
      return { thinkingConfig: { includeThoughts: true, thinkingBudget: budgetTokens }, warnings: [] };
    return { thinkingConfig: { includeThoughts: true }, warnings: [] };
  }
  const effortBudget =
    effort === 'max' && /-pro\b/u.test(name) ? proMaxBudget : effort === undefined ? -1 : budgets[effort];
  const asked = budgetTokens ?? effortBudget;
  // -1 lets the model choose; any other budget must be within the model's range.
  const thinkingBudget = asked === -1 ? asked : Math.min(range.max, Math.max(range.min, asked));
  const warnings: WarningPart[] =
    thinkingBudget === asked
      ? []
      : [
          {
            type: 'warning',
            code: 'thinking_budget_adjusted',
            message: `${modelId} takes a thinking budget from ${range.min} to ${range.max} tokens; ${asked} was sent as ${thinkingBudget}.`,
          },
        ];
  return { thinkingConfig: { includeThoughts: true, thinkingBudget }, warnings };
}

/**
 * The thinking budgets a Gemini 2.5 model takes, from Google's thinking guide ("Set budgets"): Pro 128 to 32,768
 * and thinking cannot be turned off; Flash 1 to 24,576; Flash-Lite 512 to 24,576; 0 turns thinking off but on Pro.
 */
function budgetRange(modelId: string): { min: number; max: number; canTurnOff: boolean } {
  if (/^gemini-2\.5-pro/u.test(modelId)) return { min: 128, max: proMaxBudget, canTurnOff: false };
  if (/^gemini-2\.5-flash-lite/u.test(modelId)) return { min: 512, max: 24_576, canTurnOff: true };
  return { min: 1, max: 24_576, canTurnOff: true };
}
