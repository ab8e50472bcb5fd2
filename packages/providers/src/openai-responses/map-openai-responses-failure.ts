import { ModelError } from '@toolloop/core';
import { redactApiKey } from '../redact-api-key.js';

/** The error codes of a failed response that a later attempt may get past. */
const retryableCodes = new Set(['server_error', 'rate_limit_exceeded', 'vector_store_timeout']);

/**
 * A `response.failed` event's error as a `ModelError`: its `code` as `errorType`, retryable for server errors
 * and rate limits, and its message with `apiKey` scrubbed (see `redactApiKey`).
 */
export function mapOpenAIResponsesFailure({
  error,
  responseId,
  modelId,
  provider,
  apiKey,
}: {
  error: { code?: string | null; message?: string | null } | null | undefined;
  responseId: string | undefined;
  modelId: string;
  provider: string;
  apiKey?: string | undefined;
}): ModelError {
  const code = typeof error?.code === 'string' && error.code !== '' ? error.code : undefined;
  const detail =
    typeof error?.message === 'string' && error.message !== '' ? error.message : 'the server gave no reason.';
  const response = responseId === undefined ? 'The response' : `The response ${responseId}`;
  return new ModelError({
    message: redactApiKey({
      text: `${response} of ${modelId} failed${code === undefined ? '' : ` (${code})`}: ${detail}`,
      apiKey,
    }),
    provider,
    retryable: code !== undefined && retryableCodes.has(code),
    ...(code === undefined ? {} : { errorType: code }),
  });
}
