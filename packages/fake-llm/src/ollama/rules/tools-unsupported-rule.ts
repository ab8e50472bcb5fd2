import { findPulledModel, toOllamaFullName } from '../find-pulled-model.js';
import type { OllamaChatRule } from './ollama-chat-rule.js';

const routes =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/routes.go';
const images =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/images.go';

/** Tools for a model whose template takes none. */
export const toolsUnsupportedRule: OllamaChatRule = {
  id: 'ollama/tools-unsupported',
  wire: 'ollama',
  outcome: 'refuses',
  summary: 'Tools offered to a model without the tools capability (gemma3, phi4, llama3 in the catalogue).',
  source:
    `Ollama's scheduleRunner and Model.CheckCapabilities (${routes}, ${images}): 400 "<full name> does not ` +
    'support tools", as quoted in https://github.com/ollama/ollama/issues/14795 and ' +
    'https://github.com/ollama/ollama/issues/11131.',
  check({ request, scriptModels }) {
    const model = findPulledModel({ id: request.model, scriptModels });
    if (request.toolNames.length === 0 || model === undefined || model.tools !== false) return undefined;
    return { status: 400, message: `${toOllamaFullName(request.model)} does not support tools` };
  },
};
