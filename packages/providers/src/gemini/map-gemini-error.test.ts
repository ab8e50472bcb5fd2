import { ApiError } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { mapGeminiError } from './map-gemini-error.js';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.js';
import { mapGeminiUsage } from './map-gemini-usage.js';

const apiError = (status: number, googleStatus: string, message: string) =>
  new ApiError({
    status,
    message: JSON.stringify({ error: { code: status, message, status: googleStatus } }),
  });

describe('mapGeminiError', () => {
  it("keeps the status, Google's status name and message, and scrubs the key", () => {
    const error = mapGeminiError({
      error: apiError(400, 'INVALID_ARGUMENT', 'API key AIzaSyA-test-key-0123456789 is bad.'),
      modelId: 'gemini-3-pro-preview',
      provider: 'gemini',
      apiKey: 'AIzaSyA-test-key-0123456789',
    });
    expect(error).toMatchObject({ status: 400, errorType: 'INVALID_ARGUMENT', retryable: false });
    expect(error.message).toBe(
      'The gemini server answered 400 (INVALID_ARGUMENT) for gemini-3-pro-preview: API key [redacted] is bad.',
    );
  });

  it.each([
    [429, 'RESOURCE_EXHAUSTED', true],
    [503, 'UNAVAILABLE', true],
    [500, 'INTERNAL', true],
    [404, 'NOT_FOUND', false],
    [403, 'PERMISSION_DENIED', false],
  ])('makes %i %s retryable: %s', (status, name, retryable) => {
    const error = mapGeminiError({ error: apiError(status, name, 'x'), modelId: 'm', provider: 'gemini' });
    expect(error).toMatchObject({ status, errorType: name, retryable });
  });

  it('takes a failure without a status for a connection error, retryable', () => {
    expect(
      mapGeminiError({ error: new TypeError('fetch failed'), modelId: 'm', provider: 'gemini' }),
    ).toMatchObject({ errorType: 'connection_error', retryable: true });
  });
});

describe('mapGeminiFinishReason', () => {
  it.each([
    ['STOP', true, 'tool_calls'],
    ['STOP', false, 'end'],
    ['MAX_TOKENS', false, 'max_tokens'],
    ['SAFETY', false, 'refusal'],
    ['RECITATION', false, 'refusal'],
    ['MALFORMED_FUNCTION_CALL', false, 'other'],
  ] as const)('maps %s (calls: %s) to %s', (raw, calledFunctions, finishReason) => {
    expect(mapGeminiFinishReason({ finishReason: raw, blockReason: undefined, calledFunctions })).toEqual({
      finishReason,
      rawFinishReason: raw,
    });
  });

  it('takes a blocked prompt for a refusal', () => {
    expect(
      mapGeminiFinishReason({ finishReason: undefined, blockReason: 'SAFETY', calledFunctions: false }),
    ).toEqual({ finishReason: 'refusal', rawFinishReason: 'SAFETY' });
  });
});

describe('mapGeminiUsage', () => {
  it('takes cached tokens out of the input and counts thoughts in the output', () => {
    expect(
      mapGeminiUsage({
        promptTokenCount: 1000,
        cachedContentTokenCount: 800,
        candidatesTokenCount: 50,
        thoughtsTokenCount: 30,
      }),
    ).toEqual({ inputTokens: 200, outputTokens: 80, cacheReadTokens: 800, reasoningTokens: 30 });
  });
});
