import { findPulledModel, toOllamaFullName } from '../find-pulled-model.js';
import type { OllamaChatRule } from './ollama-chat-rule.js';

const routes =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/routes.go';
const images =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/images.go';

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

/** `think` on a model that cannot think. */
export const thinkingUnsupportedRule: OllamaChatRule = {
  id: 'ollama/thinking-unsupported',
  wire: 'ollama',
  outcome: 'refuses',
  summary: '`think` set to true or a level for a model without the thinking capability (false is taken).',
  source:
    `Ollama's ChatHandler (${routes}): 400 fmt.Sprintf("%q does not support thinking", req.Model); the ` +
    "capability from the model catalogue's thinking form.",
  check({ request, scriptModels }) {
    const model = findPulledModel({ id: request.model, scriptModels });
    if (!request.thinks || model === undefined || model.thinking !== 'none') return undefined;
    return { status: 400, message: `${JSON.stringify(request.model)} does not support thinking` };
  },
};

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

/** `top_logprobs` out of range. */
export const topLogprobsRule: OllamaChatRule = {
  id: 'ollama/top-logprobs',
  wire: 'ollama',
  outcome: 'refuses',
  summary: '`top_logprobs` below 0 or above 20.',
  source: `Ollama's ChatHandler (${routes}): 400 "top_logprobs must be between 0 and 20".`,
  check({ body }) {
    const value = body.top_logprobs;
    if (typeof value !== 'number' || (value >= 0 && value <= 20)) return undefined;
    return { status: 400, message: 'top_logprobs must be between 0 and 20' };
  },
};
