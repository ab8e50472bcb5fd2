import { findCatalogueModel, toBedrockBaseModelId, type ModelThinking } from '@toolloop/models';
import { getAnthropicFamilyCapabilities } from '../anthropic/anthropic-model-capabilities.js';

/**
 * How a Bedrock model takes thinking: `none`; Anthropic's `manual` budget, `adaptive` (a budget still taken) or
 * `adaptive-only`, sent in `additionalModelRequestFields.thinking` as the Messages API takes them.
 */
export type BedrockThinkingMode = Exclude<ModelThinking, 'reasoning-effort'>;

/** What a model behind Bedrock's Converse API accepts; `capabilities` overrides any field. */
export interface BedrockCapabilities {
  thinking: BedrockThinkingMode;
  /** Whether the model thinks when the request says nothing of thinking (Claude 5.x); it cannot be turned off. */
  thinksByDefault: boolean;
  /** Whether the model takes `outputConfig.textFormat` with a JSON schema (Claude 4.5 and later on Bedrock). */
  structuredOutput: boolean;
  /** `inferenceConfig.maxTokens` when neither the request nor the provider options set one. */
  defaultMaxTokens: number;
  /** The most output tokens the model produces; a thinking budget never raises `maxTokens` above it. */
  maxOutputTokens: number;
}

/**
 * The capabilities of a Bedrock model id (or cross-region inference profile id): from the model catalogue
 * (`@toolloop/models`, `bedrock-converse`) when it lists the model; else, for an Anthropic Claude id, from its
 * family and version as the Anthropic provider reads them; else (another family, a provisioned model's ARN) no
 * thinking, no output schema and a 4,096-token default.
 */
export function getBedrockCapabilities(modelId: string): BedrockCapabilities {
  const listed = findCatalogueModel({ api: 'bedrock-converse', id: modelId });
  if (listed !== undefined) {
    return {
      thinking: listed.thinking === 'reasoning-effort' ? 'none' : listed.thinking,
      thinksByDefault: listed.thinksByDefault,
      structuredOutput: listed.structuredOutput,
      defaultMaxTokens: Math.min(32_000, listed.maxOutputTokens),
      maxOutputTokens: listed.maxOutputTokens,
    };
  }
  const baseId = toBedrockBaseModelId(modelId);
  if (baseId.startsWith('anthropic.claude')) {
    const family = getAnthropicFamilyCapabilities(baseId.slice('anthropic.'.length));
    return {
      thinking: family.thinking,
      thinksByDefault: family.thinksByDefault,
      structuredOutput: family.structuredOutput,
      defaultMaxTokens: family.defaultMaxTokens,
      maxOutputTokens: family.maxOutputTokens,
    };
  }
  return {
    thinking: 'none',
    thinksByDefault: false,
    structuredOutput: false,
    defaultMaxTokens: 4096,
    maxOutputTokens: 4096,
  };
}
