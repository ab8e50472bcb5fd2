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
