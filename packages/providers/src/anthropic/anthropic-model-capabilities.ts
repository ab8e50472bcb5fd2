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
}

/** What a model id that matches no known family gets: the newest behaviour. */
export const newestAnthropicModelCapabilities: AnthropicModelCapabilities = {
  thinking: 'adaptive-only',
  thinksByDefault: true,
  defaultMaxTokens: 32_000,
  maxOutputTokens: 128_000,
  structuredOutput: true,
};

/**
 * The capability table: what a Claude model accepts, matched on its family and version, not on a list of ids.
 * Ids this table does not know (future models, proxies' own names) get the newest behaviour.
 */
export function getAnthropicModelCapabilities(modelId: string): AnthropicModelCapabilities {
  const version = parseAnthropicModelId(modelId);
  if (version === undefined) return { ...newestAnthropicModelCapabilities };
  return capabilitiesOf(version);
}

function capabilitiesOf(version: AnthropicModelVersion): AnthropicModelCapabilities {
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
  if (number < 47) {
    const maxOutputTokens = version.line === 'opus' ? 128_000 : 64_000;
    return {
      thinking: 'adaptive',
      thinksByDefault: false,
      defaultMaxTokens: 32_000,
      maxOutputTokens,
      structuredOutput: true,
    };
  }
  if (number < 50)
    return {
      thinking: 'adaptive-only',
      thinksByDefault: false,
      defaultMaxTokens: 32_000,
      maxOutputTokens: 128_000,
      structuredOutput: true,
    };
  return { ...newestAnthropicModelCapabilities };
}
