import type * as GoogleGenAiSdk from '@google/genai';
import type { GoogleGenAI } from '@google/genai';
import { ModelError } from '@toolloop/core';

/**
 * The SDK client for a provider's requests, with the SDK loaded only now (it is an optional peer dependency of
 * this package): the key (else a `ModelError` that says where to put one, never showing a key), the base URL
 * (`httpOptions.baseUrl`), the SDK's retries and a `fetch` of the caller's.
 */
export async function createGeminiClient({
  apiKey,
  baseURL,
  maxRetries,
  fetch,
  provider,
}: {
  apiKey: string | undefined;
  baseURL: string | undefined;
  maxRetries: number | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  provider: string;
}): Promise<{ client: GoogleGenAI; apiKey: string }> {
  const key = apiKey === undefined || apiKey.trim() === '' ? undefined : apiKey;
  if (key === undefined) {
    throw new ModelError({
      message: `No API key for ${provider}: pass \`apiKey\` to gemini({ ... }) or set the GOOGLE_API_KEY or GEMINI_API_KEY environment variable.`,
      provider,
      retryable: false,
      errorType: 'authentication_error',
    });
  }
  let sdk: typeof GoogleGenAiSdk;
  try {
    sdk = await import('@google/genai');
  } catch (error) {
    throw new ModelError({
      message: 'The gemini provider needs the @google/genai package: install it beside @toolloop/providers.',
      provider,
      retryable: false,
      errorType: 'missing_dependency',
      cause: error,
    });
  }
  const client = new sdk.GoogleGenAI({
    apiKey: key,
    httpOptions: {
      ...(baseURL === undefined ? {} : { baseUrl: baseURL }),
      retryOptions: { attempts: (maxRetries ?? 2) + 1 },
      ...(fetch === undefined ? {} : { fetch }),
    },
  });
  return { client, apiKey: key };
}
