import type { Model } from '@toolloop/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from '@toolloop/providers/anthropic';
import type {
  AnthropicModel,
  AnthropicModelCapabilities,
  AnthropicProviderOptions,
  AnthropicThinkingMode,
} from '@toolloop/providers/anthropic';

describe('@toolloop/providers/anthropic', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'anthropic',
      'getAnthropicModelCapabilities',
      'newestAnthropicModelCapabilities',
    ]);
  });

  it('exports its public types', () => {
    expectTypeOf(publicApi.anthropic).parameter(0).toEqualTypeOf<AnthropicProviderOptions>();
    expectTypeOf(publicApi.anthropic).returns.toEqualTypeOf<AnthropicModel>();
    expectTypeOf<AnthropicModel>().toExtend<Model>();
    expectTypeOf(publicApi.getAnthropicModelCapabilities).returns.toEqualTypeOf<AnthropicModelCapabilities>();
    expectTypeOf<AnthropicModelCapabilities['thinking']>().toEqualTypeOf<AnthropicThinkingMode>();
    expectTypeOf<AnthropicThinkingMode>().toEqualTypeOf<'none' | 'manual' | 'adaptive' | 'adaptive-only'>();
  });
});
