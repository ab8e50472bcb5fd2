import { describe, expect, it } from 'vitest';
import { resolveLiveUpstream } from './resolve-live-upstream.js';

describe('resolveLiveUpstream', () => {
  it.each([
    {
      provider: 'anthropic',
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:8001' },
      expected: { baseURL: 'http://127.0.0.1:8001', authHeaders: { 'x-api-key': 'k' }, keys: ['k'] },
    },
    {
      provider: 'openai-chat',
      env: { OPENAI_API_KEY: 'k' },
      expected: {
        baseURL: 'https://api.openai.com/v1',
        authHeaders: { authorization: 'Bearer k' },
        keys: ['k'],
      },
    },
    {
      provider: 'openai-responses',
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:8002/v1' },
      expected: {
        baseURL: 'http://127.0.0.1:8002/v1',
        authHeaders: { authorization: 'Bearer k' },
        keys: ['k'],
      },
    },
    {
      provider: 'gemini',
      env: { GEMINI_API_KEY: 'k' },
      expected: {
        baseURL: 'https://generativelanguage.googleapis.com',
        authHeaders: { 'x-goog-api-key': 'k' },
        keys: ['k'],
      },
    },
    {
      provider: 'ollama',
      env: { OLLAMA_HOST: 'gpu-box:11434' },
      expected: { baseURL: 'http://gpu-box:11434', authHeaders: {}, keys: [] },
    },
    {
      provider: 'ollama',
      env: { OLLAMA_HOST: 'https://ollama.example' },
      expected: { baseURL: 'https://ollama.example', authHeaders: {}, keys: [] },
    },
    {
      provider: 'ollama',
      env: {},
      expected: { baseURL: 'http://127.0.0.1:11434', authHeaders: {}, keys: [] },
    },
  ] as const)(
    '$provider with $env sends to its base URL with its own key header',
    ({ provider, env, expected }) => {
      expect(resolveLiveUpstream({ provider, live: { env } })).toEqual(expected);
    },
  );

  it('refuses a gemini live run without GEMINI_API_KEY, naming the variable', () => {
    expect(() => resolveLiveUpstream({ provider: 'gemini', live: { env: {} } })).toThrow(
      'A live run of a gemini scenario needs the API key in GEMINI_API_KEY; it is not set.',
    );
  });
});
