import { ModelError } from '@toolloop/core';

const provider = 'bedrock';

/** Bedrock's errors a later attempt may get past. */
const retryableNames = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelStreamErrorException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'TimeoutError',
]);

/** What to check, for errors a caller can fix. */
const hints: Readonly<Record<string, string>> = {
  AccessDeniedException:
    ' Check the credentials and that the account has access to the model (Bedrock model access).',
  ResourceNotFoundException: ' Check the model id and the region.',
  UnrecognizedClientException: ' Check the credentials.',
  ExpiredTokenException: ' The credentials have expired; refresh them.',
};

/**
 * What the AWS SDK threw (after its own retries), or an exception event in the stream, as a `ModelError`:
 * the exception's name as `errorType` (`ValidationException`, `ThrottlingException`, …), the HTTP status the
 * SDK saw, and whether a later attempt may succeed (throttling, unavailability, server and stream errors). The
 * message is Bedrock's own; the SDK's error carries no credentials, and none are added.
 */
export function mapBedrockError({ error, modelId }: { error: unknown; modelId: string }): ModelError {
  if (ModelError.isInstance(error)) return error;
  const name = error instanceof Error ? error.name : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  const status = readStatus(error);
  const named = name !== undefined && name !== 'Error';
  const what = status === undefined ? 'The Bedrock request failed' : `Bedrock answered ${status}`;
  const sentenceEnd = /[.!?]$/u.test(detail) ? '' : '.';
  const hint = name === undefined ? '' : (hints[name] ?? '');
  // No answer at all (refused, reset, unreachable): worth another try, as the other providers say.
  const connectionCode = readConnectionCode(error);
  if (status === undefined && connectionCode !== undefined)
    return new ModelError({
      message: `${what} for ${modelId}: ${detail}${sentenceEnd}`,
      provider,
      retryable: true,
      errorType: 'connection_error',
      cause: error,
    });
  return new ModelError({
    message: `${what}${named ? ` (${name})` : ''} for ${modelId}: ${detail}${sentenceEnd}${hint}`,
    provider,
    retryable:
      (name !== undefined && retryableNames.has(name)) ||
      status === 429 ||
      (status !== undefined && status >= 500),
    ...(status === undefined ? {} : { status }),
    ...(named ? { errorType: name } : {}),
    cause: error,
  });
}

/** The HTTP status in an AWS SDK error's `$metadata`. */
function readStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata;
  if (typeof metadata !== 'object' || metadata === null || !('httpStatusCode' in metadata)) return undefined;
  return typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

/** The Node network error code of a request that got no answer (`ECONNREFUSED`, …), on it or on its cause. */
function readConnectionCode(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    depth < 5 && typeof current === 'object' && current !== null;
    depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && connectionCodes.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'ERR_HTTP2_STREAM_CANCEL',
  'ERR_HTTP2_SESSION_ERROR',
]);
