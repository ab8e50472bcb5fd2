import type { GeminiRule } from './gemini-rule.js';

/** A `thinkingLevel` sent to a model that takes a thinking budget (Gemini 2.5). */
export const thinkingLevelRule: GeminiRule = {
  id: 'gemini/thinking-level-unsupported',
  wire: 'gemini',
  outcome: 'refuses',
  summary: 'A thinkingConfig.thinkingLevel for a model that takes a thinking budget instead (Gemini 2.5).',
  source:
    "The API's answer (400, INVALID_ARGUMENT) for gemini-2.5-flash and gemini-2.5-pro as quoted in " +
    'https://github.com/RooCodeInc/Roo-Code/issues/10700 and https://github.com/microsoft/vscode/issues/334581.',
  check({ request, model }) {
    if (request?.thinkingLevel === undefined || model?.thinking !== 'thinking-budget') return undefined;
    return { status: 400, message: 'Thinking level is not supported for this model.' };
  },
};
