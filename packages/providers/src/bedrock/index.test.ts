import type { Model } from '@toolloop/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from '@toolloop/providers/bedrock';
import type {
  BedrockCapabilities,
  BedrockModel,
  BedrockProviderOptions,
  BedrockThinkingMode,
} from '@toolloop/providers/bedrock';

describe('@toolloop/providers/bedrock', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(publicApi).sort()).toEqual(['bedrock', 'getBedrockCapabilities']);
  });

  it('exports its public types', () => {
    expectTypeOf(publicApi.bedrock).parameter(0).toEqualTypeOf<BedrockProviderOptions>();
    expectTypeOf(publicApi.bedrock).returns.toEqualTypeOf<BedrockModel>();
    expectTypeOf<BedrockModel>().toExtend<Model>();
    expectTypeOf(publicApi.getBedrockCapabilities).returns.toEqualTypeOf<BedrockCapabilities>();
    expectTypeOf<BedrockCapabilities['thinking']>().toEqualTypeOf<BedrockThinkingMode>();
  });

  it('creates a model without loading the AWS SDK or reading credentials', () => {
    const model = publicApi.bedrock({
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      region: 'us-east-1',
    });
    expect([model.provider, model.modelId, model.supportsStructuredOutput]).toEqual([
      'bedrock',
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      true,
    ]);
  });
});
