import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { ModelError } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { mapAnthropicError } from './map-anthropic-error.js';

function apiError(status: number, type: string, message: string): APIError {
  return APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers());
}

describe('mapAnthropicError', () => {
  it.each([
    [529, 'overloaded_error', true],
    [429, 'rate_limit_error', true],
    [500, 'api_error', true],
    [400, 'invalid_request_error', false],
    [401, 'authentication_error', false],
    [404, 'not_found_error', false],
  ])('maps HTTP %i (%s) to a ModelError, retryable %s', (status, errorType, retryable) => {
    const mapped = mapAnthropicError({
      error: apiError(status, errorType, 'Something.'),
      modelId: 'claude-haiku-4-5',
    });
    expect(ModelError.isInstance(mapped)).toBe(true);
    expect(mapped).toMatchObject({ status, errorType, retryable, provider: 'anthropic' });
    expect(mapped.cause).toBeInstanceOf(APIError);
  });

  it('says that the client retried already after a server error, as after an overload', () => {
    const mapped = mapAnthropicError({
      error: apiError(500, 'api_error', 'Internal server error'),
      modelId: 'claude-haiku-4-5',
    });
    expect(mapped.message).toBe(
      'The Anthropic API answered 500 (api_error) for claude-haiku-4-5: Internal server error. The client retried already; try again later.',
    );
  });

  it('says what to do about a 401 and never shows the key', () => {
    const mapped = mapAnthropicError({
      error: apiError(401, 'authentication_error', 'invalid x-api-key sk-ant-secret'),
      modelId: 'claude-haiku-4-5',
      apiKey: 'sk-ant-secret',
    });
    expect(mapped.message).toBe(
      'The Anthropic API answered 401 (authentication_error) for claude-haiku-4-5: invalid x-api-key [redacted]. Check the API key (the `apiKey` option or ANTHROPIC_API_KEY).',
    );
  });

  it('never redacts a key too short to be a secret, not even inside the model id', () => {
    const mapped = mapAnthropicError({
      error: apiError(401, 'authentication_error', 'invalid x-api-key'),
      modelId: 'claude-haiku-4-5',
      apiKey: 'k',
    });
    expect(mapped.message).toBe(
      'The Anthropic API answered 401 (authentication_error) for claude-haiku-4-5: invalid x-api-key. Check the API key (the `apiKey` option or ANTHROPIC_API_KEY).',
    );
  });

  it('scrubs a real key wherever the API echoed it, run into other text too', () => {
    const key = `sk-ant-api03-${'b8Kq2Wz5Tn1Lr7Vx4Mc9Gh3Jd6Fs0Pa-'.repeat(3)}AA`;
    const mapped = mapAnthropicError({
      error: apiError(
        401,
        'authentication_error',
        `invalid x-api-key ${key} (header x-api-key:${key};key=${key}z)`,
      ),
      modelId: 'claude-haiku-4-5',
      apiKey: key,
    });
    expect(mapped.message).not.toContain(key.slice(0, 20));
    expect(mapped.message).toContain(
      'invalid x-api-key [redacted] (header x-api-key:[redacted];key=[redacted]z)',
    );
  });

  it('maps an error event inside the stream by its type', () => {
    const overloaded = new APIError(
      undefined,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      undefined,
      new Headers(),
      'overloaded_error',
    );
    expect(mapAnthropicError({ error: overloaded, modelId: 'm' })).toMatchObject({
      status: undefined,
      errorType: 'overloaded_error',
      retryable: true,
      message: 'The Anthropic stream reported an error (overloaded_error) for m: Overloaded',
    });
  });

  it('maps connection failures and timeouts as retryable', () => {
    expect(
      mapAnthropicError({ error: new APIConnectionError({ message: 'socket hang up' }), modelId: 'm' }),
    ).toMatchObject({
      retryable: true,
      errorType: 'connection_error',
      message: 'Could not reach the Anthropic API for m: socket hang up',
    });
    expect(mapAnthropicError({ error: new APIConnectionTimeoutError(), modelId: 'm' })).toMatchObject({
      retryable: true,
      errorType: 'timeout',
    });
  });

  it('maps an SDK abort that no signal of ours caused as not retryable', () => {
    expect(mapAnthropicError({ error: new APIUserAbortError(), modelId: 'm' })).toMatchObject({
      retryable: false,
      errorType: 'aborted',
    });
  });

  it('keeps a ModelError as it is and wraps anything else', () => {
    const modelError = new ModelError({ message: 'cut off', retryable: true });
    expect(mapAnthropicError({ error: modelError, modelId: 'm' })).toBe(modelError);
    expect(mapAnthropicError({ error: new SyntaxError('Unexpected token'), modelId: 'm' })).toMatchObject({
      retryable: false,
      message: 'The Anthropic request for m failed: Unexpected token',
    });
  });
});
