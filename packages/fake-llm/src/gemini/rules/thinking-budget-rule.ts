import type { GeminiRule } from './gemini-rule.js';

/** The budgets a Gemini 2.5 model takes, from Google's thinking guide; 0 turns thinking off but on Pro. */
function budgetRange(modelId: string): { min: number; max: number; canTurnOff: boolean } {
  if (/^gemini-2\.5-pro/u.test(modelId)) return { min: 128, max: 32_768, canTurnOff: false };
  if (/^gemini-2\.5-flash-lite/u.test(modelId)) return { min: 512, max: 24_576, canTurnOff: true };
  return { min: 1, max: 24_576, canTurnOff: true };
}

/** A `thinkingBudget` a Gemini 2.5 model does not take: 0 on Pro, or outside the model's range. */
export const thinkingBudgetRule: GeminiRule = {
  id: 'gemini/thinking-budget-range',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    "A thinkingConfig.thinkingBudget outside the model's range (Gemini 2.5 Pro 128 to 32768, Flash 1 to 24576, Flash-Lite 512 to 24576; 0 turns thinking off, but not on Pro; -1 lets the model choose).",
  source:
    'The ranges: https://ai.google.dev/gemini-api/docs/thinking ("Set budgets"). The refusal of 0 on Gemini 2.5 Pro (400): ' +
    'https://github.com/vercel/ai/issues/8027 and https://github.com/earendil-works/pi/issues/3460 ("The model does not support setting thinking_budget to 0"). ' +
    "The words for a budget out of range are the fake's own.",
  check({ request, model }) {
    const budget = request?.thinkingBudget;
    if (model?.thinking !== 'thinking-budget' || budget === undefined || budget === -1) return undefined;
    const range = budgetRange(model.id);
    if (budget === 0)
      return range.canTurnOff
        ? undefined
        : { status: 400, message: 'The model does not support setting thinking_budget to 0.' };
    if (budget >= range.min && budget <= range.max) return undefined;
    return {
      status: 400,
      message: `The thinking budget ${budget} is out of range: ${model.id} takes a budget from ${range.min} to ${range.max}.`,
    };
  },
};
