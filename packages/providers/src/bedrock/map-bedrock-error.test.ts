import { describe, expect, it } from 'vitest';
import { mapBedrockError } from './map-bedrock-error.js';

/** An error as the AWS SDK throws one: its exception's name and the HTTP status in `$metadata`. */
function createSdkError(name: string, message: string, status?: number): Error {
  const error = Object.assign(new Error(message), {
    $fault: 'client',
    $metadata: status === undefined ? {} : { httpStatusCode: status },
  });
  error.name = name;
  return error;
}

describe('mapBedrockError', () => {
  it.each([
    ['ThrottlingException', 429, true],
    ['ServiceUnavailableException', 503, true],
    ['InternalServerException', 500, true],
    ['ModelStreamErrorException', 424, true],
    ['ValidationException', 400, false],
    ['AccessDeniedException', 403, false],
    ['ResourceNotFoundException', 404, false],
  ])('maps %s (%i) with retryable %s', (name, status, retryable) => {
    expect(
      mapBedrockError({ error: createSdkError(name, 'Bedrock said no.', status), modelId: 'm' }),
    ).toMatchObject({
      status,
      retryable,
      errorType: name,
      provider: 'bedrock',
    });
  });

  it('says what to check for an access error', () => {
    const error = createSdkError('AccessDeniedException', 'You do not have access to the model.', 403);
    expect(mapBedrockError({ error, modelId: 'anthropic.claude-opus-4-7' }).message).toBe(
      'Bedrock answered 403 (AccessDeniedException) for anthropic.claude-opus-4-7: You do not have access to the ' +
        'model. Check the credentials and that the account has access to the model (Bedrock model access).',
    );
  });

  it('keeps an error without a status as not retryable, unless its name says otherwise', () => {
    expect(mapBedrockError({ error: new Error('socket hang up'), modelId: 'm' })).toMatchObject({
      retryable: false,
      message: 'The Bedrock request failed for m: socket hang up.',
    });
  });
});
