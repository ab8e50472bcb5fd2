import { ModelError } from '@toolloop/core';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { openaiTestBaseURL, useOpenAITestServer } from '../../test/support/openai-test-server.js';
import { createOpenAIChunks, encodeOpenAIChunks } from '../../test/support/openai-wire.js';
import { openai } from './openai.js';

const { answer } = useOpenAITestServer();

const hello = () =>
  createEventStreamResponse({
    bytes: encodeOpenAIChunks(createOpenAIChunks({ text: 'Hi!', finishReason: 'stop' })),
  });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('openai', () => {
  it('needs no key to be created; the first request fails with what to do, sending nothing', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const received = answer([]);
    const model = openai({ model: 'gpt-5-mini', baseURL: openaiTestBaseURL });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(parts).toEqual([]);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: false,
      errorType: 'authentication_error',
      provider: 'openai',
      message:
        'No API key for openai: pass `apiKey` to openai({ ... }) or set the OPENAI_API_KEY environment variable.',
    });
    expect(received.bodies).toEqual([]);
  });

  it('takes the key from OPENAI_API_KEY at the first request', async () => {
    const received = answer([hello]);
    const model = openai({ model: 'gpt-5-mini', baseURL: openaiTestBaseURL });
    vi.stubEnv('OPENAI_API_KEY', 'key-from-env');
    const { error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    expect(received.headers[0]?.get('authorization')).toBe('Bearer key-from-env');
  });

  it('never shows the key in an error', async () => {
    answer([
      () =>
        HttpResponse.json(
          {
            error: {
              message: 'Incorrect API key provided: sk-secret-123.',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          },
          { status: 401 },
        ),
    ]);
    const model = openai({
      model: 'gpt-5-mini',
      apiKey: 'sk-secret-123',
      baseURL: openaiTestBaseURL,
      maxRetries: 0,
    });
    const { error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toMatchObject({ status: 401, errorType: 'invalid_api_key', retryable: false });
    expect((error as ModelError).message).not.toContain('sk-secret-123');
    expect(JSON.stringify(error)).not.toContain('sk-secret-123');
  });

  it('sends max_completion_tokens and reasoning_effort to a reasoning model', async () => {
    const received = answer([hello]);
    const model = openai({
      model: 'gpt-5-mini',
      apiKey: 'test-key',
      baseURL: openaiTestBaseURL,
      maxTokens: 500,
    });
    await collectStream({
      model,
      request: createModelRequest({ thinking: { enabled: true, budgetTokens: 8000 } }),
    });
    expect(received.bodies[0]).toMatchObject({ max_completion_tokens: 500, reasoning_effort: 'medium' });
    expect(received.bodies[0]).not.toHaveProperty('max_tokens');
  });
});
