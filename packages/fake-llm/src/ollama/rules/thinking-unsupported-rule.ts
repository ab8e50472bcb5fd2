import { findPulledModel } from '../find-pulled-model.js';
import type { OllamaChatRule } from './ollama-chat-rule.js';

const routes =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/routes.go';

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
