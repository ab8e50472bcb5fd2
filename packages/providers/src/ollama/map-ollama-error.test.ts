import { describe, expect, it } from 'vitest';
import { mapOllamaError } from './map-ollama-error.js';

/** The `ollama` client's ResponseError, as it builds one from an error answer. */
function responseError(message: string, status: number): Error {
  return Object.assign(new Error(message), { name: 'ResponseError', error: message, status_code: status });
}

const host = 'http://127.0.0.1:11434';

describe('mapOllamaError', () => {
  it.each([
    [400, false, 'invalid_request'],
    [429, true, 'invalid_request'],
    [500, true, 'server_error'],
    [503, true, 'server_error'],
  ])('keeps status %i, retryable %s', (status, retryable, errorType) => {
    expect(
      mapOllamaError({ error: responseError('no', status), modelId: 'qwen3', host, secrets: [] }),
    ).toMatchObject({ status, retryable, errorType, provider: 'ollama' });
  });

  it('reads an error object in the stream as a failure of the answer, not retryable', () => {
    const mapped = mapOllamaError({
      error: new Error('llama runner process has terminated: exit status 2'),
      modelId: 'qwen3',
      host,
      secrets: [],
    });
    expect([mapped.message, mapped.retryable, mapped.errorType]).toEqual([
      `Ollama at ${host} failed while answering for qwen3: llama runner process has terminated: exit status 2`,
      false,
      'stream_error',
    ]);
  });

  it('reads a stream cut before done: true as retryable', () => {
    const mapped = mapOllamaError({
      error: new Error('Did not receive done or success response in stream.'),
      modelId: 'qwen3',
      host,
      secrets: [],
    });
    expect([mapped.retryable, mapped.errorType]).toEqual([true, 'incomplete_stream']);
  });

  it("scrubs a header's value from the message", () => {
    const key = 'proxy-key-0123456789abcdef';
    const mapped = mapOllamaError({
      error: responseError(`bad key ${key}`, 401),
      modelId: 'qwen3',
      host,
      secrets: [`Bearer ${key}`, key],
    });
    expect(mapped.message).toBe(`Ollama at ${host} answered 401 for qwen3: bad key [redacted]`);
  });
});
