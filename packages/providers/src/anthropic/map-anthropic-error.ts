import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { ModelError } from '@toolloop/core';
import { redactApiKey } from '../redact-api-key.js';

const provider = 'anthropic';
const retryableStatuses = new Set([408, 409, 429]);
const retryableErrorTypes = new Set(['overloaded_error', 'rate_limit_error', 'api_error', 'timeout_error']);

/**
 * Maps what the Anthropic SDK threw (after its own retries) to a core `ModelError` with `status`, `errorType`
 * and whether a later attempt may succeed. `apiKey`, when given, is scrubbed from the message (see `redactApiKey`).
 */
export function mapAnthropicError({
  error,
  modelId,
  apiKey,
}: {
  error: unknown;
  modelId: string;
  apiKey?: string | null;
}): ModelError {
  if (ModelError.isInstance(error)) return error;
  const mapped = describe(error, modelId);
  return new ModelError({
    ...mapped,
    message: redactApiKey({ text: mapped.message, apiKey }),
    provider,
    cause: error,
  });
}

function describe(
  error: unknown,
  modelId: string,
): { message: string; status?: number; retryable: boolean; errorType?: string } {
  if (error instanceof APIUserAbortError) {
    return { message: `The request to ${modelId} was aborted.`, retryable: false, errorType: 'aborted' };
  }
  if (error instanceof APIConnectionTimeoutError) {
    return {
      message: `The request to ${modelId} timed out after the client's retries.`,
      retryable: true,
      errorType: 'timeout',
    };
  }
  if (error instanceof APIConnectionError) {
    return {
      message: `Could not reach the Anthropic API for ${modelId}: ${error.message}`,
      retryable: true,
      errorType: 'connection_error',
    };
  }
  if (isApiError(error)) {
    const errorType = error.type ?? undefined;
    const retryable =
      error.status === undefined
        ? errorType !== undefined && retryableErrorTypes.has(errorType)
        : retryableStatuses.has(error.status) || error.status >= 500;
    const what =
      error.status === undefined
        ? 'The Anthropic stream reported an error'
        : `The Anthropic API answered ${error.status}`;
    const detail = error.apiMessage ?? error.message;
    const extra = hint(error.status, retryable);
    const sentenceEnd = extra === '' || /[.!?]$/.test(detail) ? '' : '.';
    const described = `${what}${errorType === undefined ? '' : ` (${errorType})`} for ${modelId}: ${detail}${sentenceEnd}${extra}`;
    return {
      message: described,
      retryable,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(errorType === undefined ? {} : { errorType }),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `The Anthropic request for ${modelId} failed: ${message}`, retryable: false };
}

// A predicate with a declared type: `instanceof` alone narrows to `APIError<any, any, any>`.
function isApiError(error: unknown): error is APIError {
  return error instanceof APIError;
}

/** What to do about an answer: for one the client retries (429, 529, 5xx), that it retried already. */
function hint(status: number | undefined, retryable: boolean): string {
  if (status === 401) return ' Check the API key (the `apiKey` option or ANTHROPIC_API_KEY).';
  if (status === 404) return ' Check the model id.';
  if (status !== undefined && retryable) return ' The client retried already; try again later.';
  return '';
}
