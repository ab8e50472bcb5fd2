import type { OllamaChatRule } from './ollama-chat-rule.js';

const routes =
  'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/server/routes.go';

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
