import type { Usage } from '@toolloop/core';

/** A chat completions usage report, with the fields some servers use instead of OpenAI's. */
export interface OpenAIUsageReport {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  /**
   * OpenAI, vLLM (with `--enable-prompt-tokens-details`), DeepSeek, xAI, Mistral: the prompt tokens read from
   * cache; OpenAI also the prompt tokens written to it (`cache_write_tokens`).
   */
  prompt_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
  /** DeepSeek's own name for the cached prompt tokens, sent beside (or, on older servers, instead of) the details. */
  prompt_cache_hit_tokens?: number | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

/**
 * A chat completions usage report as core usage. OpenAI counts the tokens read from and written to the cache
 * inside `prompt_tokens`; core keeps both apart from `inputTokens` (as Anthropic reports them), so they are taken
 * out of it, and the two providers' counts add up the same way. Cached tokens come from
 * `prompt_tokens_details.cached_tokens`, else DeepSeek's `prompt_cache_hit_tokens`; servers that report neither
 * (Ollama, vLLM by default) leave `cacheReadTokens` out. Tokens written to the cache
 * (`prompt_tokens_details.cache_write_tokens`) are `cacheWriteTokens`, left out when not reported. `completion_tokens_details.reasoning_tokens` are `reasoningTokens`, a part of
 * `outputTokens`: a server that counts them apart from `completion_tokens` (xAI: `total_tokens` is prompt,
 * completion and reasoning tokens) has them added, so output is priced whole.
 */
export function mapOpenAIUsage(usage: OpenAIUsageReport): Usage {
  const promptTokens = tokenCount(usage.prompt_tokens) ?? 0;
  const cachedTokens =
    tokenCount(usage.prompt_tokens_details?.cached_tokens) ?? tokenCount(usage.prompt_cache_hit_tokens);
  const mapped: Usage = { inputTokens: promptTokens, outputTokens: tokenCount(usage.completion_tokens) ?? 0 };
  if (cachedTokens !== undefined) {
    mapped.inputTokens = Math.max(0, mapped.inputTokens - cachedTokens);
    mapped.cacheReadTokens = cachedTokens;
  }
  const writtenTokens = tokenCount(usage.prompt_tokens_details?.cache_write_tokens);
  if (writtenTokens !== undefined) {
    mapped.inputTokens = Math.max(0, mapped.inputTokens - writtenTokens);
    mapped.cacheWriteTokens = writtenTokens;
  }
  const reasoningTokens = tokenCount(usage.completion_tokens_details?.reasoning_tokens);
  if (reasoningTokens !== undefined) {
    mapped.reasoningTokens = reasoningTokens;
    const countedApart =
      reasoningTokens > 0 && usage.total_tokens === promptTokens + mapped.outputTokens + reasoningTokens;
    if (countedApart) mapped.outputTokens += reasoningTokens;
  }
  return mapped;
}

/**
 * A count as a server reported it, if it is one: OpenAI-compatible servers are many, and a count that is not a
 * number of at least 0 (text, a negative number) is left out rather than passed on to budgets and costs.
 */
function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
