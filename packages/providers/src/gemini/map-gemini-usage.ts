import type { Usage } from '@toolloop/core';

/** The counts of a response's `usageMetadata` that core usage is made of. */
export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
}

/**
 * Gemini's usage as core usage: cached prompt tokens (`cachedContentTokenCount`, a part of `promptTokenCount`)
 * are `cacheReadTokens`, taken out of `inputTokens`; the output is the answer's tokens
 * (`candidatesTokenCount`) and the thoughts' (`thoughtsTokenCount`, not in the candidates' count), the latter
 * also `reasoningTokens`.
 */
export function mapGeminiUsage(usage: GeminiUsageMetadata | undefined): Usage {
  const prompt = usage?.promptTokenCount ?? 0;
  const cached = usage?.cachedContentTokenCount ?? 0;
  const thoughts = usage?.thoughtsTokenCount ?? 0;
  return {
    inputTokens: Math.max(0, prompt - cached),
    outputTokens: (usage?.candidatesTokenCount ?? 0) + thoughts,
    ...(cached > 0 ? { cacheReadTokens: cached } : {}),
    ...(thoughts > 0 ? { reasoningTokens: thoughts } : {}),
  };
}
