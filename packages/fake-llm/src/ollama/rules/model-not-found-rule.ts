import { findPulledModel } from '../find-pulled-model.js';
import type { OllamaChatRule } from './ollama-chat-rule.js';

const routes =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/routes.go';

/** A model the fake's Ollama has not pulled. */
export const modelNotFoundRule: OllamaChatRule = {
  id: 'ollama/model-not-found',
  wire: 'ollama',
  outcome: 'refuses',
  summary:
    "A model that is not pulled: none of the catalogue's Ollama library models (any tag) nor the script's models.",
  source:
    `Ollama's ChatHandler (${routes}): 404 "model '<name>' not found" when the model has no manifest, as quoted ` +
    'in https://github.com/TheBlewish/Automated-AI-Web-Researcher-Ollama/issues/42; the model catalogue ' +
    "(@toolloop/models, ollamaModels) stands for what was pulled, and a script's models add to it.",
  check({ request, scriptModels }) {
    if (findPulledModel({ id: request.model, scriptModels }) !== undefined) return undefined;
    return { status: 404, message: `model '${request.model}' not found` };
  },
};
