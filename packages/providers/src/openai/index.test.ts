import type { Model } from '@toolloop/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from '@toolloop/providers/openai';
import type {
  OllamaOpenAIProviderOptions,
  OpenAICompatibleCapabilities,
  OpenAICompatibleModel,
  OpenAICompatibleProviderOptions,
  OpenAIProviderOptions,
  OpenAIResponsesCapabilities,
  OpenAIResponsesModel,
  OpenAIResponsesProviderOptions,
} from '@toolloop/providers/openai';

describe('@toolloop/providers/openai', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'defaultOpenAICompatibleCapabilities',
      'getOpenAIModelCapabilities',
      'getOpenAIResponsesCapabilities',
      'ollamaOpenAI',
      'ollamaOpenAIBaseURL',
      'openai',
      'openaiCompatible',
      'openaiResponses',
    ]);
  });

  it('exports its public types', () => {
    expectTypeOf(publicApi.openaiCompatible).parameter(0).toEqualTypeOf<OpenAICompatibleProviderOptions>();
    expectTypeOf(publicApi.openai).parameter(0).toEqualTypeOf<OpenAIProviderOptions>();
    expectTypeOf(publicApi.ollamaOpenAI).parameter(0).toEqualTypeOf<OllamaOpenAIProviderOptions>();
    expectTypeOf(publicApi.openaiCompatible).returns.toEqualTypeOf<OpenAICompatibleModel>();
    expectTypeOf(publicApi.openai).returns.toEqualTypeOf<OpenAICompatibleModel>();
    expectTypeOf(publicApi.ollamaOpenAI).returns.toEqualTypeOf<OpenAICompatibleModel>();
    expectTypeOf<OpenAICompatibleModel>().toExtend<Model>();
    expectTypeOf(publicApi.getOpenAIModelCapabilities).returns.toEqualTypeOf<OpenAICompatibleCapabilities>();
    expectTypeOf(publicApi.openaiResponses).parameter(0).toEqualTypeOf<OpenAIResponsesProviderOptions>();
    expectTypeOf(publicApi.openaiResponses).returns.toEqualTypeOf<OpenAIResponsesModel>();
    expectTypeOf<OpenAIResponsesModel>().toExtend<Model>();
    expectTypeOf(
      publicApi.getOpenAIResponsesCapabilities,
    ).returns.toEqualTypeOf<OpenAIResponsesCapabilities>();
    expectTypeOf<OpenAICompatibleCapabilities['maxTokensField']>().toEqualTypeOf<
      'max_tokens' | 'max_completion_tokens'
    >();
  });
});
