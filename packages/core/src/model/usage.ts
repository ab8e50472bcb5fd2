/**
 * Token counts reported by the provider. The input a request sent is `inputTokens + cacheReadTokens +
 * cacheWriteTokens`: cache reads and writes are never counted in `inputTokens`.
 */
export interface Usage {
  /** Input tokens neither read from nor written to the provider's prompt cache. */
  inputTokens: number;
  /** Output tokens, reasoning included. */
  outputTokens: number;
  /** Input tokens read from the prompt cache (billed at the provider's cache-read price). */
  cacheReadTokens?: number;
  /** Input tokens written to the prompt cache (billed at the provider's cache-write price). */
  cacheWriteTokens?: number;
  /** Of `outputTokens`, those the model spent reasoning (thinking), when the provider reports them. */
  reasoningTokens?: number;
}

/** Usage with every count at zero. */
export function createEmptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

/** The sum of two usages; optional counts stay absent unless either side has them. */
export function addUsage(left: Usage, right: Usage): Usage {
  const sum: Usage = {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
  };
  if (left.cacheReadTokens !== undefined || right.cacheReadTokens !== undefined) {
    sum.cacheReadTokens = (left.cacheReadTokens ?? 0) + (right.cacheReadTokens ?? 0);
  }
  if (left.cacheWriteTokens !== undefined || right.cacheWriteTokens !== undefined) {
    sum.cacheWriteTokens = (left.cacheWriteTokens ?? 0) + (right.cacheWriteTokens ?? 0);
  }
  if (left.reasoningTokens !== undefined || right.reasoningTokens !== undefined) {
    sum.reasoningTokens = (left.reasoningTokens ?? 0) + (right.reasoningTokens ?? 0);
  }
  return sum;
}
