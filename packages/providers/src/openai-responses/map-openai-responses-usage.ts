import type { ResponseUsage } from 'openai/resources/responses/responses';
import type { Usage } from '@toolloop/core';
import { mapOpenAIUsage } from '../openai/map-openai-usage.js';

/**
 * A Responses API usage report as core usage, counted as chat completions' is: cached input tokens
 * (`input_tokens_details.cached_tokens`) are `cacheReadTokens` and those written to the cache
 * (`cache_write_tokens`, when reported) `cacheWriteTokens`, both taken out of `inputTokens`; reasoning tokens
 * (`output_tokens_details.reasoning_tokens`) are `reasoningTokens`, a part of `outputTokens`.
 */
export function mapOpenAIResponsesUsage(usage: ResponseUsage): Usage {
  return mapOpenAIUsage({
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    prompt_tokens_details: usage.input_tokens_details,
    completion_tokens_details: { reasoning_tokens: usage.output_tokens_details.reasoning_tokens },
  });
}
