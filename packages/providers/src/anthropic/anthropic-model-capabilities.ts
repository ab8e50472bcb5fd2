import { findCatalogueModel, type CatalogueModel, type ModelThinking } from '@toolloop/models';
import { parseAnthropicModelId, type AnthropicModelVersion } from './parse-anthropic-model-id.js';

/**
 * How a model takes thinking:
 * - `none`: no thinking at all;
 * - `manual`: `{ type: 'enabled', budget_tokens }` (Claude 3.7 to 4.5);
 * - `adaptive`: `{ type: 'adaptive' }` with `output_config.effort`; a manual budget is deprecated (Claude 4.6);
 * - `adaptive-only`: `{ type: 'adaptive' }` with `output_config.effort`; a manual budget and, on some models,
 *   `{ type: 'disabled' }` are rejected (Claude 4.7 and later, the 5.x models).
 */
export type AnthropicThinkingMode = 'none' | 'manual' | 'adaptive' | 'adaptive-only';

/** What the provider needs to know about a model to build requests it accepts. */
export interface AnthropicModelCapabilities {
  thinking: AnthropicThinkingMode;
  /** Whether the model thinks when the request has no `thinking` field (the 5.x models); it then cannot be turned off. */
  thinksByDefault: boolean;
  /** `max_tokens` when neither the request nor the provider options set one. */
  defaultMaxTokens: number;
  /** The most output tokens the model produces; `max_tokens` raised for a thinking budget never goes above it. */
  maxOutputTokens: number;
  /**
   * Whether the model takes `output_config.format` (structured outputs: Claude 4.5 and later). Without it, a
   * turn's `output` is asked for through a final-answer tool.
   */
  structuredOutput: boolean;
  /** Whether the model caches prompt prefixes marked with `cache_control` (every Claude model from Claude 3 on, but Claude 3 Sonnet). */
  promptCaching: boolean;
  /**
   * The shortest prefix, in tokens, the API caches for this model; a shorter one is processed without caching
   * (no error). Breakpoints are sent only for prompts estimated to reach it; 0 sends them always.
   */
  minCacheableTokens: number;
}

/** What a model id that matches no known family gets: the newest behaviour. */
export const newestAnthropicModelCapabilities: AnthropicModelCapabilities = {
  thinking: 'adaptive-only',
  thinksByDefault: true,
  defaultMaxTokens: 32_000,
  maxOutputTokens: 128_000,
  structuredOutput: true,
  promptCaching: true,
  minCacheableTokens: 512,
};

/**
 * The capability table: what a Claude model accepts. A model the Messages API serves by that id takes its
 * figures from the model catalogue (`@toolloop/models`, which the fake LLM holds requests to as well); any other
 * id is matched on its family and version (a proxy's `anthropic.claude-opus-4-6-v1`, a retired model), and ids
 * no family matches (future models, proxies' own names) get the newest behaviour.
 */
export function getAnthropicModelCapabilities(modelId: string): AnthropicModelCapabilities {
  const listed = findCatalogueModel({ api: 'anthropic-messages', id: modelId });
  if (listed !== undefined) return fromCatalogue(listed);
  return getAnthropicFamilyCapabilities(modelId);
}

/** What a Claude model accepts, from its family and version alone (the catalogue not consulted). */
export function getAnthropicFamilyCapabilities(modelId: string): AnthropicModelCapabilities {
  const version = parseAnthropicModelId(modelId);
  if (version === undefined) return { ...newestAnthropicModelCapabilities };
  return { ...capabilitiesOf(version), ...promptCachingOf(version) };
}

/** A catalogue thinking form as the Messages API's; its Anthropic entries never take another API's form. */
function toAnthropicThinking(thinking: ModelThinking): AnthropicThinkingMode {
  switch (thinking) {
    case 'none':
    case 'manual':
    case 'adaptive':
    case 'adaptive-only':
      return thinking;
    case 'reasoning-effort':
    case 'thinking-budget':
    case 'thinking-level':
    case 'think':
    case 'think-levels':
      return 'adaptive';
    default: {
      const unexpected: never = thinking;
      throw new Error(`Unexpected thinking form ${String(unexpected)}`);
    }
  }
}

function fromCatalogue(model: CatalogueModel): AnthropicModelCapabilities {
  return {
    thinking: toAnthropicThinking(model.thinking),
    thinksByDefault: model.thinksByDefault,
    defaultMaxTokens: Math.min(32_000, model.maxOutputTokens),
    maxOutputTokens: model.maxOutputTokens,
    structuredOutput: model.structuredOutput,
    promptCaching: model.minCacheableTokens > 0,
    minCacheableTokens: model.minCacheableTokens,
  };
}

/**
 * Prompt caching and its minimum prefix, from Anthropic's prompt caching guide ("Cache limitations": 1024
 * tokens for Sonnet 3.7 to 4.6 and Opus 4 / 4.1, 2048 for Haiku 3 and 3.5, 4096 for Haiku 4.5 and Opus 4.5 /
 * 4.6) and, for later models, the figures published with them (Opus 4.7 2048, 4.8 and Sonnet 5 1024, the other
 * 5.x models 512). Where a figure is unsure the lower one is taken: a breakpoint on a prefix too short to cache
 * costs nothing, while a missed one costs the whole prefix on every request.
 */
function promptCachingOf(
  version: AnthropicModelVersion,
): Pick<AnthropicModelCapabilities, 'promptCaching' | 'minCacheableTokens'> {
  if (version.isPreview) return { promptCaching: true, minCacheableTokens: 512 };
  const number = version.major * 10 + Math.min(version.minor, 9);
  // Prompt caching came with Claude 3 Haiku, 3 Opus and 3.5 Sonnet; Claude 3 Sonnet and older models lack it.
  const promptCaching = number >= 30 && !(number === 30 && version.line === 'sonnet');
  if (version.line === 'haiku') return { promptCaching, minCacheableTokens: number < 40 ? 2048 : 4096 };
  if (number < 45) return { promptCaching, minCacheableTokens: 1024 };
  if (number < 47) return { promptCaching, minCacheableTokens: version.line === 'opus' ? 4096 : 1024 };
  if (number < 48) return { promptCaching, minCacheableTokens: 2048 };
  if (number < 50 || version.line === 'sonnet') return { promptCaching, minCacheableTokens: 1024 };
  return { promptCaching, minCacheableTokens: 512 };
}

function capabilitiesOf(
  version: AnthropicModelVersion,
): Omit<AnthropicModelCapabilities, 'promptCaching' | 'minCacheableTokens'> {
  // Preview models (claude-mythos-preview) came with the 4.7 generation: adaptive only, thinking by default.
  if (version.isPreview)
    return {
      thinking: 'adaptive-only',
      thinksByDefault: true,
      defaultMaxTokens: 32_000,
      maxOutputTokens: 128_000,
      structuredOutput: true,
    };
  const number = version.major * 10 + Math.min(version.minor, 9);
  const noStructuredOutput = { structuredOutput: false };
  if (number < 35)
    return {
      thinking: 'none',
      thinksByDefault: false,
      defaultMaxTokens: 4096,
      maxOutputTokens: 4096,
      ...noStructuredOutput,
    };
  if (number < 37)
    return {
      thinking: 'none',
      thinksByDefault: false,
      defaultMaxTokens: 8192,
      maxOutputTokens: 8192,
      ...noStructuredOutput,
    };
  if (number < 46) {
    // Claude Opus 4 and 4.1 stop at 32k output tokens; the other manual-thinking models at 64k.
    const maxOutputTokens = version.line === 'opus' && number < 45 ? 32_000 : 64_000;
    // Structured outputs came with the 4.5 models.
    const structuredOutput = number >= 45;
    return {
      thinking: 'manual',
      thinksByDefault: false,
      defaultMaxTokens: 32_000,
      maxOutputTokens,
      structuredOutput,
    };
  }
  if (number < 47)
    // Opus 4.6 and Sonnet 4.6 both produce up to 128k output tokens.
    return {
      thinking: 'adaptive',
      thinksByDefault: false,
      defaultMaxTokens: 32_000,
      maxOutputTokens: 128_000,
      structuredOutput: true,
    };
  if (number < 50)
    return {
      thinking: 'adaptive-only',
      thinksByDefault: false,
      defaultMaxTokens: 32_000,
      maxOutputTokens: 128_000,
      structuredOutput: true,
    };
  const {
    promptCaching: _promptCaching,
    minCacheableTokens: _minimum,
    ...newest
  } = newestAnthropicModelCapabilities;
  return newest;
}
