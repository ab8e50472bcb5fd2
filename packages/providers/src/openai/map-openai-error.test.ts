import { ModelError } from '@toolloop/core';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { mapOpenAIError } from './map-openai-error.js';

function httpError(status: number, body: unknown): APIError {
  return APIError.generate(status, { error: body }, undefined, new Headers());
}

function map(error: unknown, apiKey?: string): ModelError {
  return mapOpenAIError({ error, modelId: 'test-model', provider: 'openai', apiKey });
}

describe('mapOpenAIError', () => {
  it.each([
    [408, true],
    [409, true],
    [429, true],
    [500, true],
    [503, true],
    [529, true],
    [400, false],
    [401, false],
    [404, false],
    [422, false],
  ])('status %i is retryable: %s', (status, retryable) => {
    expect(map(httpError(status, { message: 'Nope.', type: 'some_error' }))).toMatchObject({
      status,
      retryable,
      errorType: 'some_error',
      provider: 'openai',
    });
  });

  it("takes the body's code as errorType before its type", () => {
    expect(
      map(httpError(429, { message: 'Slow down.', type: 'requests', code: 'rate_limit_exceeded' })),
    ).toMatchObject({
      errorType: 'rate_limit_exceeded',
      message:
        'The openai server answered 429 (rate_limit_exceeded) for test-model: Slow down. The client retried already; try again later.',
    });
  });

  it('reads an error body that is only a string', () => {
    const error = map(httpError(404, 'model "llama9" not found'));
    expect(error.errorType).toBeUndefined();
    expect(error.message).toBe(
      'The openai server answered 404 for test-model: model "llama9" not found. Check the model id and the base URL.',
    );
  });

  it('judges an error inside the stream by its type', () => {
    const inStream = (type: string) =>
      new APIError(undefined, { message: 'Oops', type }, undefined, new Headers());
    expect(map(inStream('server_error')).retryable).toBe(true);
    expect(map(inStream('invalid_request_error')).retryable).toBe(false);
  });

  it('maps connection errors and timeouts as retryable', () => {
    expect(map(new APIConnectionError({ message: 'Connection error.' }))).toMatchObject({
      retryable: true,
      errorType: 'connection_error',
    });
    expect(map(new APIConnectionTimeoutError())).toMatchObject({ retryable: true, errorType: 'timeout' });
    expect(map(new APIUserAbortError())).toMatchObject({ retryable: false, errorType: 'aborted' });
  });

  it('scrubs a real key wherever the server echoed it, run into other text too, and keeps the cause', () => {
    const key = `sk-proj-${'Xq7vR2mK9pL4tW8nB3cF6hJ1dS5gA0zE'.repeat(3)}`;
    const cause = httpError(401, {
      message: `Incorrect API key provided: ${key}. Sent as Bearer ${key}, in the URL as key%3D${key}, escaped as \\n${key}x.`,
      type: 'invalid_request_error',
    });
    const error = map(cause, key);
    expect(error.message).not.toContain(key.slice(0, 20));
    expect(error.message).toContain('Incorrect API key provided: [redacted].');
    expect(error.cause).toBe(cause);
  });

  it('leaves a placeholder key such as ollama alone, so the words it also is stay readable', () => {
    const error = mapOpenAIError({
      error: httpError(401, {
        message: 'no key is needed on this ollama server',
        type: 'invalid_request_error',
      }),
      modelId: 'qwen3:8b',
      provider: 'ollama',
      apiKey: 'ollama',
    });
    expect(error.message).toBe(
      'The ollama server answered 401 (invalid_request_error) for qwen3:8b: no key is needed on this ollama server. Check the API key (the `apiKey` option, or the environment variable the provider reads).',
    );
  });

  it('scrubs a shorter key where it stands as a token, never inside a longer word', () => {
    const error = map(
      httpError(401, {
        message: 'key "password" rejected; see the passwords page',
        type: 'invalid_request_error',
      }),
      'password',
    );
    expect(error.message).toContain('key "[redacted]" rejected; see the passwords page');
  });

  it('passes a ModelError through and wraps anything else', () => {
    const modelError = new ModelError({ message: 'Already mapped.' });
    expect(map(modelError)).toBe(modelError);
    expect(map(new SyntaxError('Unexpected token'))).toMatchObject({
      retryable: false,
      message: 'The openai request for test-model failed: Unexpected token',
    });
  });
});
