import type { TokenUsage } from '@aws-sdk/client-bedrock-runtime';
import { createEmptyUsage, type Usage } from '@toolloop/core';

/**
 * A Converse usage report as core usage: `inputTokens` (which leaves out the prompt cache's reads and writes,
 * as `totalTokens` shows), `outputTokens` (thinking included), `cacheReadInputTokens` and
 * `cacheWriteInputTokens` as the cache counts when Bedrock reports them.
 */
export function mapBedrockUsage(usage: TokenUsage | undefined): Usage {
  if (usage === undefined) return createEmptyUsage();
  const mapped: Usage = { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
  if (usage.cacheReadInputTokens !== undefined) mapped.cacheReadTokens = usage.cacheReadInputTokens;
  if (usage.cacheWriteInputTokens !== undefined) mapped.cacheWriteTokens = usage.cacheWriteInputTokens;
  return mapped;
}
