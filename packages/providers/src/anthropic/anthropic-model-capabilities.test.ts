import { describe, expect, it } from 'vitest';
import {
  getAnthropicModelCapabilities,
  newestAnthropicModelCapabilities,
} from './anthropic-model-capabilities.js';

describe('getAnthropicModelCapabilities', () => {
  it.each([
    ['claude-3-haiku-20240307', 'none', false, 4096, 4096, false],
    ['claude-3-opus-20240229', 'none', false, 4096, 4096, false],
    ['claude-3-5-haiku-20241022', 'none', false, 8192, 8192, false],
    ['claude-3-7-sonnet-20250219', 'manual', false, 32_000, 64_000, false],
    ['claude-sonnet-4-20250514', 'manual', false, 32_000, 64_000, false],
    ['claude-opus-4-20250514', 'manual', false, 32_000, 32_000, false],
    ['claude-opus-4-1', 'manual', false, 32_000, 32_000, false],
    ['claude-sonnet-4-5-20250929', 'manual', false, 32_000, 64_000, true],
    ['claude-haiku-4-5', 'manual', false, 32_000, 64_000, true],
    ['claude-opus-4-5-20251101', 'manual', false, 32_000, 64_000, true],
    ['claude-sonnet-4-6', 'adaptive', false, 32_000, 64_000, true],
    ['claude-opus-4-6', 'adaptive', false, 32_000, 128_000, true],
    ['claude-opus-4-7', 'adaptive-only', false, 32_000, 128_000, true],
    ['claude-opus-4-8', 'adaptive-only', false, 32_000, 128_000, true],
    ['claude-mythos-preview', 'adaptive-only', true, 32_000, 128_000, true],
    ['claude-opus-5', 'adaptive-only', true, 32_000, 128_000, true],
    ['claude-sonnet-5-5', 'adaptive-only', true, 32_000, 128_000, true],
    ['claude-fable-5-2', 'adaptive-only', true, 32_000, 128_000, true],
    ['claude-opus-7', 'adaptive-only', true, 32_000, 128_000, true],
  ])(
    '%s: thinking %s, thinks by default %s, max tokens %i of %i, structured outputs %s',
    (modelId, thinking, thinksByDefault, defaultMaxTokens, maxOutputTokens, structuredOutput) => {
      expect(getAnthropicModelCapabilities(modelId)).toEqual({
        thinking,
        thinksByDefault,
        defaultMaxTokens,
        maxOutputTokens,
        structuredOutput,
      });
    },
  );

  it('gives an id it cannot read the newest behaviour', () => {
    expect(getAnthropicModelCapabilities('my-proxy-model')).toEqual(newestAnthropicModelCapabilities);
  });

  it('returns a copy that callers may change', () => {
    const capabilities = getAnthropicModelCapabilities('my-proxy-model');
    capabilities.thinking = 'none';
    expect(newestAnthropicModelCapabilities.thinking).toBe('adaptive-only');
  });
});
