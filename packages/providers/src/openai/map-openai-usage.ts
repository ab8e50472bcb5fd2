import type { Usage } from '@toolloop/core';

/** A chat completions usage report, with the fields some servers use instead of OpenAI's. */
export interface OpenAIUsageReport {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

/**
 * A chat completions usage report as core usage. OpenAI counts cached tokens inside `prompt_tokens`; core keeps
 * cache reads apart from `inputTokens` (as Anthropic reports them), so they are taken out of it, and the two
 * providers' counts add up the same way.
 */
export function mapOpenAIUsage(usage: OpenAIUsageReport): Usage {
  const promptTokens = usage.prompt_tokens ?? 0;
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens;
  const mapped: Usage = { inputTokens: promptTokens, outputTokens: usage.completion_tokens ?? 0 };
  if (typeof cachedTokens === 'number') {
    mapped.inputTokens = Math.max(0, promptTokens - cachedTokens);
    mapped.cacheReadTokens = cachedTokens;
  }
  return mapped;
}
