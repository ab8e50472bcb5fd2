import { ModelError } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { mapOpenAIResponsesFailure } from './map-openai-responses-failure.js';

describe('mapOpenAIResponsesFailure', () => {
  it('keeps the code as errorType and says which response failed', () => {
    const error = mapOpenAIResponsesFailure({
      error: { code: 'insufficient_quota', message: 'You exceeded your current quota.' },
      responseId: 'resp_1',
      modelId: 'gpt-5-mini',
      provider: 'openai',
    });
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      provider: 'openai',
      errorType: 'insufficient_quota',
      retryable: false,
      message:
        'The response resp_1 of gpt-5-mini failed (insufficient_quota): You exceeded your current quota.',
    });
  });

  it('marks a server error retryable', () => {
    const error = mapOpenAIResponsesFailure({
      error: { code: 'server_error', message: 'The server had an error.' },
      responseId: undefined,
      modelId: 'gpt-5-mini',
      provider: 'openai',
    });
    expect(error).toMatchObject({ errorType: 'server_error', retryable: true });
  });

  it('never shows the key', () => {
    const apiKey = 'sk-proj-0123456789abcdefghijklmnop';
    const error = mapOpenAIResponsesFailure({
      error: { code: 'invalid_api_key', message: `Incorrect API key provided: ${apiKey}.` },
      responseId: 'resp_1',
      modelId: 'gpt-5-mini',
      provider: 'openai',
      apiKey,
    });
    expect(error.message).not.toContain(apiKey);
    expect(error.message).toContain('[redacted]');
  });

  it('says the server gave no reason when the failure has no message', () => {
    const error = mapOpenAIResponsesFailure({
      error: null,
      responseId: 'resp_1',
      modelId: 'gpt-5-mini',
      provider: 'openai',
    });
    expect(error).toMatchObject({
      retryable: false,
      message: 'The response resp_1 of gpt-5-mini failed: the server gave no reason.',
    });
    expect(error.errorType).toBeUndefined();
  });
});
