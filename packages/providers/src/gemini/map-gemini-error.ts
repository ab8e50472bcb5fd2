import { ModelError } from '@toolloop/core';
import { redactApiKey } from '../redact-api-key.js';

/** Google's statuses a later attempt may get past: rate limits and quota, server faults, timeouts. */
const retryableStatuses = new Set([
  'RESOURCE_EXHAUSTED',
  'UNAVAILABLE',
  'INTERNAL',
  'DEADLINE_EXCEEDED',
  'ABORTED',
]);

/** The `{ error: { code, message, status } }` body the SDK puts in its error's message as JSON. */
function readGoogleError(message: string): { message?: string; status?: string } | undefined {
  try {
    const body: unknown = JSON.parse(message);
    if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
    const { error } = body;
    if (typeof error !== 'object' || error === null) return undefined;
    return {
      ...('message' in error && typeof error.message === 'string' ? { message: error.message } : {}),
      ...('status' in error && typeof error.status === 'string' ? { status: error.status } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Whether a thrown value is the SDK's `ApiError` (an `Error` with an HTTP `status`), without loading the SDK. */
function isApiError(error: unknown): error is Error & { status: number } {
  return error instanceof Error && 'status' in error && typeof error.status === 'number';
}

/**
 * Maps what @google/genai threw (after its own retries) to a core `ModelError`: `status`, the error body's
 * Google status as `errorType` (`INVALID_ARGUMENT`, `RESOURCE_EXHAUSTED`, …), its message, and whether a later
 * attempt may succeed (429, 408 and 5xx, `RESOURCE_EXHAUSTED`, `UNAVAILABLE`, …). Anything else is a connection
 * failure, retryable. `apiKey` is scrubbed from the message.
 */
export function mapGeminiError({
  error,
  modelId,
  provider,
  apiKey,
}: {
  error: unknown;
  modelId: string;
  provider: string;
  apiKey?: string | undefined;
}): ModelError {
  if (ModelError.isInstance(error)) return error;
  if (!isApiError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return new ModelError({
      message: redactApiKey({
        text: `Could not reach the ${provider} server for ${modelId}: ${detail}`,
        apiKey,
      }),
      provider,
      retryable: true,
      errorType: 'connection_error',
      cause: error,
    });
  }
  const body = readGoogleError(error.message);
  const errorType = body?.status;
  const retryable =
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500 ||
    (errorType !== undefined && retryableStatuses.has(errorType));
  const hint =
    error.status === 401 || error.status === 403
      ? ' Check the API key (the `apiKey` option, or GOOGLE_API_KEY / GEMINI_API_KEY).'
      : error.status === 404
        ? ' Check the model id and the base URL.'
        : '';
  const detail = body?.message ?? error.message;
  return new ModelError({
    message: redactApiKey({
      text: `The ${provider} server answered ${error.status}${errorType === undefined ? '' : ` (${errorType})`} for ${modelId}: ${detail}${hint}`,
      apiKey,
    }),
    provider,
    status: error.status,
    retryable,
    ...(errorType === undefined ? {} : { errorType }),
    cause: error,
  });
}
