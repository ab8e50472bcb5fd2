import type { GeminiRule } from './gemini-rule.js';

/** A request with no API key (neither `x-goog-api-key` nor `?key=`). */
export const apiKeyRule: GeminiRule = {
  id: 'gemini/api-key',
  wire: 'gemini',
  outcome: 'refuses',
  summary: 'A request without an API key (no x-goog-api-key header, no key query parameter).',
  source:
    "The API's answer (403, PERMISSION_DENIED) as quoted in https://github.com/PublicAffairs/openai-gemini/issues/92 " +
    'and https://github.com/UnityGameStudio/Gemini-Unity-Package/issues/1.',
  check({ path }) {
    if (path.apiKey !== undefined) return undefined;
    return {
      status: 403,
      type: 'PERMISSION_DENIED',
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key " +
        'or other form of API consumer identity to call this API.',
    };
  },
};
