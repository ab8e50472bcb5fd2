import type { Model } from '@toolloop/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from '@toolloop/providers/ollama';
import type { OllamaCapabilities, OllamaModel, OllamaProviderOptions } from '@toolloop/providers/ollama';

describe('@toolloop/providers/ollama', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'defaultOllamaCapabilities',
      'getOllamaCapabilities',
      'ollama',
      'ollamaDefaultHost',
    ]);
  });

  it('exports its public types', () => {
    expectTypeOf(publicApi.ollama).parameter(0).toEqualTypeOf<OllamaProviderOptions>();
    expectTypeOf(publicApi.ollama).returns.toEqualTypeOf<OllamaModel>();
    expectTypeOf<OllamaModel>().toExtend<Model>();
    expectTypeOf(publicApi.getOllamaCapabilities).returns.toEqualTypeOf<OllamaCapabilities>();
  });
});
