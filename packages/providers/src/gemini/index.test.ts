import type { Model } from '@toolloop/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from '@toolloop/providers/gemini';
import type { GeminiCapabilities, GeminiModel, GeminiProviderOptions } from '@toolloop/providers/gemini';

describe('@toolloop/providers/gemini', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(publicApi).sort()).toEqual(['gemini', 'getGeminiCapabilities']);
  });

  it('exports its public types', () => {
    expectTypeOf(publicApi.gemini).parameter(0).toEqualTypeOf<GeminiProviderOptions>();
    expectTypeOf(publicApi.gemini).returns.toEqualTypeOf<GeminiModel>();
    expectTypeOf<GeminiModel>().toExtend<Model>();
    expectTypeOf(publicApi.getGeminiCapabilities).returns.toEqualTypeOf<GeminiCapabilities>();
  });
});
