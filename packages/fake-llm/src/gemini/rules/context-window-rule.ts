import type { GeminiRule } from './gemini-rule.js';

/** What Gemini counts an image or other inline media as, in place of its base64 data (the smallest image's count). */
const inlineMediaTokens = 258;

/**
 * The fake's estimate of a request's input tokens: four characters of its JSON a token, each inline media part
 * (`inlineData`) counted as 258 tokens instead of its data.
 */
export function estimateGeminiInputTokens(body: Record<string, unknown>): number {
  let media = 0;
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (key !== 'inlineData') return value;
    media += 1;
    return {};
  });
  return Math.ceil(text.length / 4) + media * inlineMediaTokens;
}

/** A request whose estimated input is past its model's context window. */
export const contextWindowRule: GeminiRule = {
  id: 'gemini/context-window',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    "A request whose input (the fake's estimate: four characters a token, inline media 258 tokens each) is past " +
    "the model's input token limit.",
  source:
    "The models' input token limits (the model catalogue); the answer (400, INVALID_ARGUMENT) as quoted in " +
    'https://github.com/google-gemini/gemini-cli/issues/6678 and https://github.com/google-gemini/gemini-cli/issues/4692.',
  check({ body, model }) {
    if (model === undefined) return undefined;
    const tokens = estimateGeminiInputTokens(body);
    if (tokens <= model.contextWindow) return undefined;
    return {
      status: 400,
      message: `The input token count (${tokens}) exceeds the maximum number of tokens allowed (${model.contextWindow}).`,
    };
  },
};
