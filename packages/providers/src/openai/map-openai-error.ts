import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelError } from '@toolloop/core';
import { redactApiKey } from '../redact-api-key.js';

const retryableStatuses = new Set([408, 409, 429]);
const retryableErrorTypes = new Set([
  'server_error',
  'api_error',
  'overloaded_error',
  'rate_limit_error',
  'rate_limit_exceeded',
  'timeout',
]);

/**
 * Maps what the openai SDK threw (after its own retries) to a core `ModelError` with `status`, `errorType` (the
 * error body's `code`, else its `type`) and whether a later attempt may succeed: connection errors, 408, 409, 429
 * and 5xx are retryable. `apiKey`, when given, is scrubbed from the message (see `redactApiKey`).
 */
export function mapOpenAIError({
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
  const mapped = describe({ error, modelId, provider });
  return new ModelError({
    ...mapped,
    message: redactApiKey({ text: mapped.message, apiKey }),
    provider,
    cause: error,
  });
}

function describe({ error, modelId, provider }: { error: unknown; modelId: string; provider: string }): {
  message: string;
  status?: number;
  retryable: boolean;
  errorType?: string;
} {
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
      message: `Could not reach the ${provider} server for ${modelId}: ${error.message}`,
      retryable: true,
      errorType: 'connection_error',
    };
  }
  if (isApiError(error)) {
    const errorType = readErrorType(error);
    const retryable =
      error.status === undefined
        ? errorType !== undefined && retryableErrorTypes.has(errorType)
        : retryableStatuses.has(error.status) || error.status >= 500;
    const what =
      error.status === undefined
        ? `The ${provider} stream reported an error`
        : `The ${provider} server answered ${error.status}`;
    const detail = readDetail(error);
    const extra = hint(error.status, retryable);
    const sentenceEnd = extra === '' || /[.!?]$/.test(detail) ? '' : '.';
    return {
      message: `${what}${errorType === undefined ? '' : ` (${errorType})`} for ${modelId}: ${detail}${sentenceEnd}${extra}`,
      retryable,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(errorType === undefined ? {} : { errorType }),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `The ${provider} request for ${modelId} failed: ${message}`, retryable: false };
}

// A predicate with a declared type: `instanceof` alone narrows to `APIError<any, any, any>`.
function isApiError(error: unknown): error is APIError {
  return error instanceof APIError;
}

/** The body's `code` when it has one (`rate_limit_exceeded` says more than OpenAI's type `requests`), else its `type`. */
function readErrorType(error: APIError): string | undefined {
  if (typeof error.code === 'string' && error.code !== '') return error.code;
  return typeof error.type === 'string' && error.type !== '' ? error.type : undefined;
}

/** The body's own message, without the status the SDK puts in front of it. */
function readDetail(error: APIError): string {
  const body: unknown = error.error;
  if (typeof body === 'string' && body !== '') return body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
    return body.message;
  return error.status === undefined
    ? error.message
    : error.message.replace(new RegExp(`^${error.status} `), '');
}

/** What to do about an answer: for one the client retries (429, 529, 5xx), that it retried already. */
function hint(status: number | undefined, retryable: boolean): string {
  if (status === 401)
    return ' Check the API key (the `apiKey` option, or the environment variable the provider reads).';
  if (status === 404) return ' Check the model id and the base URL.';
  if (status !== undefined && retryable) return ' The client retried already; try again later.';
  return '';
}
