import { describe, expect, it } from 'vitest';
import { redactApiKey } from './redact-api-key.js';

const realKey = `sk-ant-api03-${'b8Kq2Wz5Tn1Lr7Vx4Mc9Gh3Jd6Fs0Pa-'.repeat(3)}AA`;

describe('redactApiKey', () => {
  it('replaces a key of 20 characters or more wherever it occurs, even run into other text', () => {
    expect(redactApiKey({ text: `key ${realKey}, key%3D${realKey}z, \\n${realKey}`, apiKey: realKey })).toBe(
      'key [redacted], key%3D[redacted]z, \\n[redacted]',
    );
  });

  it('replaces a shorter key only where it stands as a whole token', () => {
    const text = 'token-abc123 rejected (Bearer token-abc123.) not token-abc1234 nor my-token-abc123';
    expect(redactApiKey({ text, apiKey: 'token-abc123' })).toBe(
      '[redacted] rejected (Bearer [redacted].) not token-abc1234 nor my-token-abc123',
    );
  });

  it('leaves ordinary words alone when the key is one of them', () => {
    expect(redactApiKey({ text: 'password "password" in passwords', apiKey: 'password' })).toBe(
      '[redacted] "[redacted]" in passwords',
    );
  });

  it.each(['ollama', 'EMPTY', 'sk-1234', 'k'])(
    'leaves a key under 8 characters alone: %s is a placeholder, not a secret',
    (apiKey) => {
      const text = `The ollama server has no EMPTY sk-1234 key for claude-haiku-4-5`;
      expect(redactApiKey({ text, apiKey })).toBe(text);
    },
  );

  it('leaves the text as it is without a key', () => {
    expect(redactApiKey({ text: 'Nothing to hide.', apiKey: undefined })).toBe('Nothing to hide.');
    expect(redactApiKey({ text: 'Nothing to hide.', apiKey: null })).toBe('Nothing to hide.');
  });
});
