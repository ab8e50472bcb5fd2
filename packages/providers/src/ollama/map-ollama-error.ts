import { ModelError } from '@toolloop/core';
import { redactApiKey } from '../redact-api-key.js';

/** Statuses a later attempt may get past: timeouts, rate limits (a proxy's), the server's own failures. */
const retryableStatuses = new Set([408, 429]);

/** The `ollama` client's `ResponseError`: the server's `{ "error": "…" }` text and the HTTP status. */
interface OllamaResponseError {
  name: 'ResponseError';
  error: string;
  status_code: number;
}

function isResponseError(error: unknown): error is OllamaResponseError {
  return (
    error instanceof Error &&
    error.name === 'ResponseError' &&
    'status_code' in error &&
    typeof error.status_code === 'number' &&
    'error' in error &&
    typeof error.error === 'string'
  );
}

/** The message the `ollama` client throws when a stream ends before its `done: true` object. */
const cutStreamMessage = 'Did not receive done or success response in stream.';

/**
 * Maps what a request to Ollama threw to a core `ModelError`:
 * - an error answer (`ResponseError`) keeps its status and Ollama's words; a model that is not there (404) is not
 *   retryable and says to pull it (`ollama pull <model>`); 408, 429 and 5xx are retryable;
 * - a stream cut before its last object is retryable (`incomplete_stream`); an `{ "error": "…" }` object in the
 *   stream (the model runner failed mid-answer) is `stream_error`, not retryable;
 * - no server at the host (connection refused, unknown host) is a retryable `connection_error` that names the host.
 * Header values (a proxy's key) are scrubbed from every message.
 */
export function mapOllamaError({
  error,
  modelId,
  host,
  secrets,
}: {
  error: unknown;
  modelId: string;
  host: string;
  /** Values that must not appear in a message (the headers' values). */
  secrets: readonly string[];
}): ModelError {
  if (ModelError.isInstance(error)) return error;
  const mapped = describe({ error, modelId, host });
  const message = secrets.reduce((text, secret) => redactApiKey({ text, apiKey: secret }), mapped.message);
  return new ModelError({ ...mapped, message, provider: 'ollama', cause: error });
}

function describe({ error, modelId, host }: { error: unknown; modelId: string; host: string }): {
  message: string;
  status?: number;
  retryable: boolean;
  errorType?: string;
} {
  if (isResponseError(error)) {
    const status = error.status_code;
    if (status === 404) {
      return {
        message: `Ollama at ${host} answered 404 for ${modelId}: ${error.error}. Pull the model first (\`ollama pull ${modelId}\`), or check the model name.`,
        status,
        retryable: false,
        errorType: 'model_not_found',
      };
    }
    return {
      message: `Ollama at ${host} answered ${status} for ${modelId}: ${error.error}`,
      status,
      retryable: retryableStatuses.has(status) || status >= 500,
      errorType: status >= 500 ? 'server_error' : 'invalid_request',
    };
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (reason === cutStreamMessage) {
    return {
      message: `The Ollama stream for ${modelId} ended before its last object (done: true): the answer was cut off.`,
      retryable: true,
      errorType: 'incomplete_stream',
    };
  }
  const connection = readConnectionFailure(error);
  if (connection !== undefined) {
    return {
      message: `Could not reach Ollama at ${host} (${connection}). Is it running (\`ollama serve\`), and is the host right (the \`host\` option, or OLLAMA_HOST)?`,
      retryable: true,
      errorType: 'connection_error',
    };
  }
  if (error instanceof TypeError) {
    return {
      message: `The request to Ollama at ${host} for ${modelId} failed: ${reason}`,
      retryable: true,
      errorType: 'connection_error',
    };
  }
  return {
    message: `Ollama at ${host} failed while answering for ${modelId}: ${reason}`,
    retryable: false,
    errorType: 'stream_error',
  };
}

/** A connection failure's code (`ECONNREFUSED`, `ENOTFOUND`…), from fetch's `TypeError` and its causes. */
function readConnectionFailure(error: unknown): string | undefined {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    if ('code' in cause && typeof cause.code === 'string' && /^E[A-Z]+$/u.test(cause.code)) {
      return cause.code === 'ECONNREFUSED' ? 'connection refused' : cause.code;
    }
    if (cause instanceof AggregateError) {
      const inner: unknown = cause.errors[0];
      if (inner instanceof Error && 'code' in inner && typeof inner.code === 'string') return inner.code;
    }
    cause = cause.cause;
  }
  return undefined;
}
