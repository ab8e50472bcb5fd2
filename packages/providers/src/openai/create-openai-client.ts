import { OpenAI } from 'openai';
import { ModelError } from '@toolloop/core';

/** Where a provider's key comes from, for the error that says a key is missing. */
export interface ApiKeySource {
  /** The function whose `apiKey` option takes the key, such as `openai`. */
  factory: string;
  /** The environment variable read when the option is not set, such as `OPENAI_API_KEY`. */
  environmentVariable?: string;
}

/**
 * The SDK client for a provider's requests. With a key, it is sent as a bearer token; without one, no
 * `Authorization` header is sent at all (local servers need none). When the provider needs a key
 * (`requiredKey`) and there is none, the error is a `ModelError` that says where to put one, never showing a key.
 * The environment's OpenAI organization and project are sent only to OpenAI itself (`forOpenAI`).
 */
export function createOpenAIClient({
  apiKey,
  baseURL,
  maxRetries,
  fetch,
  requiredKey,
  forOpenAI,
  provider,
}: {
  apiKey: string | undefined;
  baseURL: string | undefined;
  maxRetries: number | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  requiredKey: ApiKeySource | undefined;
  forOpenAI: boolean;
  provider: string;
}): { client: OpenAI; apiKey: string | undefined } {
  const key = apiKey === undefined || apiKey.trim() === '' ? undefined : apiKey;
  if (key === undefined && requiredKey !== undefined) {
    const variable = requiredKey.environmentVariable;
    throw new ModelError({
      message: `No API key for ${provider}: pass \`apiKey\` to ${requiredKey.factory}({ ... })${variable === undefined ? '' : ` or set the ${variable} environment variable`}.`,
      provider,
      retryable: false,
      errorType: 'authentication_error',
    });
  }
  const client = new OpenAI({
    // The SDK refuses to start without credentials; a keyless client gets a placeholder it never sends.
    apiKey: key ?? 'no-key',
    ...(key === undefined ? { defaultHeaders: { Authorization: null } } : {}),
    ...(baseURL === undefined ? {} : { baseURL }),
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(fetch === undefined ? {} : { fetch }),
    ...(forOpenAI ? {} : { organization: null, project: null }),
  });
  return { client, apiKey: key };
}
