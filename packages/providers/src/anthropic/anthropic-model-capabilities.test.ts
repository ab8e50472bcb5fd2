import { anthropicModels } from '@toolloop/models';
import { describe, expect, it } from 'vitest';
import {
  getAnthropicFamilyCapabilities,
  getAnthropicModelCapabilities,
  newestAnthropicModelCapabilities,
} from './anthropic-model-capabilities.js';

describe('the model catalogue and the family rules', () => {
  // A model the API serves takes its figures from the catalogue, which the fake LLM holds requests to; the
  // family rules answer every other id. Both must say the same of every listed model, or a retired model's
  // dated id and its listed alias would be built into different requests.
  it.each(anthropicModels.map((model) => [model.id]))('agree on %s', (modelId) => {
    expect(getAnthropicModelCapabilities(modelId)).toEqual(getAnthropicFamilyCapabilities(modelId));
  });
});

describe('getAnthropicModelCapabilities', () => {
  it.each([
    ['claude-3-haiku-20240307', 'none', false, 4096, 4096, false, true, 2048],
    ['claude-3-opus-20240229', 'none', false, 4096, 4096, false, true, 1024],
    ['claude-3-5-haiku-20241022', 'none', false, 8192, 8192, false, true, 2048],
    ['claude-3-7-sonnet-20250219', 'manual', false, 32_000, 64_000, false, true, 1024],
    ['claude-sonnet-4-20250514', 'manual', false, 32_000, 64_000, false, true, 1024],
    ['claude-opus-4-20250514', 'manual', false, 32_000, 32_000, false, true, 1024],
    ['claude-opus-4-1', 'manual', false, 32_000, 32_000, false, true, 1024],
    ['claude-sonnet-4-5-20250929', 'manual', false, 32_000, 64_000, true, true, 1024],
    ['claude-haiku-4-5', 'manual', false, 32_000, 64_000, true, true, 4096],
    ['claude-opus-4-5-20251101', 'manual', false, 32_000, 64_000, true, true, 4096],
    ['claude-sonnet-4-6', 'adaptive', false, 32_000, 128_000, true, true, 1024],
    ['claude-opus-4-6', 'adaptive', false, 32_000, 128_000, true, true, 4096],
    ['claude-opus-4-7', 'adaptive-only', false, 32_000, 128_000, true, true, 2048],
    ['claude-opus-4-8', 'adaptive-only', false, 32_000, 128_000, true, true, 1024],
    ['claude-mythos-preview', 'adaptive-only', true, 32_000, 128_000, true, true, 512],
    ['claude-opus-5', 'adaptive-only', true, 32_000, 128_000, true, true, 512],
    ['claude-sonnet-5-5', 'adaptive-only', true, 32_000, 128_000, true, true, 1024],
    ['claude-fable-5-2', 'adaptive-only', true, 32_000, 128_000, true, true, 512],
    ['claude-opus-7', 'adaptive-only', true, 32_000, 128_000, true, true, 512],
  ])(
    '%s: thinking %s, thinks by default %s, max tokens %i of %i, structured outputs %s, prompt caching %s from %i tokens',
    (
      modelId,
      thinking,
      thinksByDefault,
      defaultMaxTokens,
      maxOutputTokens,
      structuredOutput,
      promptCaching,
      minCacheableTokens,
    ) => {
      expect(getAnthropicModelCapabilities(modelId)).toEqual({
        thinking,
        thinksByDefault,
        defaultMaxTokens,
        maxOutputTokens,
        structuredOutput,
        promptCaching,
        minCacheableTokens,
      });
    },
  );

  it.each(['claude-3-sonnet-20240229', 'claude-instant-1.2'])(
    '%s: no prompt caching, which came with Claude 3 Haiku, 3 Opus and 3.5 Sonnet',
    (modelId) => {
      expect(getAnthropicModelCapabilities(modelId).promptCaching).toBe(false);
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
