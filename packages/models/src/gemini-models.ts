import type { CatalogueModel, ModelThinking } from './catalogue-model.js';

/**
 * The Gemini models the Gemini API serves for `generateContent`, by id, with the figures of their model pages
 * (https://ai.google.dev/gemini-api/docs/models): a 1,048,576-token input limit and 65,536 output tokens each.
 * Gemini 2.5 takes a thinking budget (`thinkingBudget`), Gemini 3 a thinking level (`thinkingLevel`); every one
 * of them but Flash-Lite 2.5 thinks when the request says nothing of thinking, and Gemini 3 cannot stop
 * thinking at all. Each takes a response schema (structured output).
 */
export const geminiModels: readonly CatalogueModel[] = [
  gemini({ id: 'gemini-3.1-pro-preview', thinking: 'thinking-level', thinksByDefault: true }),
  gemini({ id: 'gemini-3.1-flash-lite-preview', thinking: 'thinking-level', thinksByDefault: true }),
  gemini({ id: 'gemini-3-pro-preview', thinking: 'thinking-level', thinksByDefault: true }),
  gemini({ id: 'gemini-3-flash-preview', thinking: 'thinking-level', thinksByDefault: true }),
  gemini({ id: 'gemini-2.5-pro', thinking: 'thinking-budget', thinksByDefault: true }),
  gemini({ id: 'gemini-2.5-flash', thinking: 'thinking-budget', thinksByDefault: true }),
  gemini({ id: 'gemini-2.5-flash-lite', thinking: 'thinking-budget', thinksByDefault: false }),
];

function gemini(model: { id: string; thinking: ModelThinking; thinksByDefault: boolean }): CatalogueModel {
  return {
    ...model,
    api: 'gemini',
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    structuredOutput: true,
    minCacheableTokens: 0,
  };
}
