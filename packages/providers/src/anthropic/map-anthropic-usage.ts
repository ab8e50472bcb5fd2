import type { MessageDeltaUsage, Usage as AnthropicUsage } from '@anthropic-ai/sdk/resources/messages';
import type { Usage } from '@toolloop/core';

/**
 * Folds one usage report into the counts so far. `message_start` carries the input counts, `message_delta`
 * the cumulative output (and sometimes updated input) counts; a field the report leaves out or sets to `null`
 * keeps its earlier value. Cache reads and writes stay apart from `inputTokens`, as Anthropic reports them; the
 * thinking tokens of `output_tokens_details` are `reasoningTokens` (a part of `outputTokens`).
 */
export function mapAnthropicUsage({
  usage,
  previous,
}: {
  usage: Partial<AnthropicUsage> | Partial<MessageDeltaUsage>;
  previous: Usage;
}): Usage {
  const next: Usage = { ...previous };
  if (typeof usage.input_tokens === 'number') next.inputTokens = usage.input_tokens;
  if (typeof usage.output_tokens === 'number') next.outputTokens = usage.output_tokens;
  if (typeof usage.cache_read_input_tokens === 'number') next.cacheReadTokens = usage.cache_read_input_tokens;
  if (typeof usage.cache_creation_input_tokens === 'number')
    next.cacheWriteTokens = usage.cache_creation_input_tokens;
  const thinkingTokens = usage.output_tokens_details?.thinking_tokens;
  if (typeof thinkingTokens === 'number') next.reasoningTokens = thinkingTokens;
  return next;
}
