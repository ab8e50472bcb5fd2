import { Anthropic } from '@anthropic-ai/sdk';
import { ModelError } from '@toolloop/core';

/**
 * The SDK client for the provider's requests, with the key from `apiKey` or `ANTHROPIC_API_KEY`. A missing key
 * is a `ModelError` that says where to put one (and never shows a key).
 */
export function createAnthropicClient({
  apiKey = process.env['ANTHROPIC_API_KEY'],
  baseURL,
  maxRetries,
  fetch,
}: {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  maxRetries?: number | undefined;
  fetch?: typeof globalThis.fetch | undefined;
}): { client: Anthropic; apiKey: string } {
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new ModelError({
      message:
        'No Anthropic API key: pass `apiKey` to anthropic({ ... }) or set the ANTHROPIC_API_KEY environment variable.',
      provider: 'anthropic',
      retryable: false,
      errorType: 'authentication_error',
    });
  }
  const client = new Anthropic({
    apiKey,
    ...(baseURL === undefined ? {} : { baseURL }),
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(fetch === undefined ? {} : { fetch }),
  });
  return { client, apiKey };
}
