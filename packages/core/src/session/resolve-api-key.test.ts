import { describe, expect, it } from 'vitest';
import { resolveApiKey } from './resolve-api-key.js';

describe('resolveApiKey', () => {
  const environment = { ANTHROPIC_API_KEY: 'sk-ant-env', OPENAI_API_KEY: '' };

  it('prefers the key passed explicitly, then the provider environment variable', () => {
    expect(resolveApiKey({ type: 'claude', apiKey: 'sk-explicit', environment })).toBe('sk-explicit');
    expect(resolveApiKey({ type: 'anthropic', apiKey: undefined, environment })).toBe('sk-ant-env');
  });

  it('treats an empty variable as no key, leaving the decision to the provider factory', () => {
    expect(resolveApiKey({ type: 'openai', apiKey: undefined, environment })).toBeUndefined();
    expect(resolveApiKey({ type: 'ollama', apiKey: undefined, environment })).toBeUndefined();
  });

  it('reads no key for bedrock, whose credentials the AWS SDK finds itself, and GEMINI_API_KEY for gemini', () => {
    const withKeys = { ...environment, OPENAI_API_KEY: 'sk-openai', GEMINI_API_KEY: 'gemini-key' };
    expect(resolveApiKey({ type: 'bedrock', apiKey: undefined, environment: withKeys })).toBeUndefined();
    expect(resolveApiKey({ type: 'gemini', apiKey: undefined, environment: withKeys })).toBe('gemini-key');
    expect(resolveApiKey({ type: 'openai-responses', apiKey: undefined, environment: withKeys })).toBe(
      'sk-openai',
    );
  });
});
