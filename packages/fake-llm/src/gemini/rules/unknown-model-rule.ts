import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { GeminiRule } from './gemini-rule.js';

/** A model the Gemini API does not serve: one of neither the model catalogue's Gemini models nor the script's. */
export const unknownModelRule: GeminiRule = {
  id: 'gemini/unknown-model',
  wire: 'gemini',
  outcome: 'refuses',
  summary: "A model the API does not serve: one of neither the published model list nor the script's models.",
  source:
    "The model ids of Gemini's model pages (the model catalogue), and a script's own models; the answer (404, " +
    'NOT_FOUND) as quoted in https://github.com/google/adk-python/issues/200 (generateContent) and ' +
    'https://github.com/ChatGPTNextWeb/NextChat/issues/4699 (StreamGenerateContent).',
  check({ path, model }) {
    if (model !== undefined) return undefined;
    const method = path.method === 'generateContent' ? 'generateContent' : 'StreamGenerateContent';
    return {
      status: 404,
      type: 'NOT_FOUND',
      message:
        `models/${shortenForMessage(path.model)} is not found for API version ${path.apiVersion}, or is not ` +
        `supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
    };
  },
};
