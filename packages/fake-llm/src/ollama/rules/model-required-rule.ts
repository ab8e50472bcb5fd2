import type { OllamaChatRule } from './ollama-chat-rule.js';

const routes =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/routes.go';

/** No model, or an empty one. */
export const modelRequiredRule: OllamaChatRule = {
  id: 'ollama/model-required',
  wire: 'ollama',
  outcome: 'refuses',
  summary: 'A request that names no model (no "model", or an empty one).',
  source: `Ollama's ChatHandler (${routes}): 400 "model is required" when the name does not parse.`,
  check: ({ request }) =>
    request.model.trim() === '' ? { status: 400, message: 'model is required' } : undefined,
};
