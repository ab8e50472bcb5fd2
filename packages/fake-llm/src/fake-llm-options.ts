/** The Messages API's request size limit (32 MB), which the fake applies to both wires by default. */
export const defaultMaxRequestBytes = 32 * 1024 * 1024;

/** How many bytes of request bodies and headers a fake keeps by default before it summarizes the oldest. */
export const defaultMaxRetainedRequestBytes = 64 * 1024 * 1024;

/**
 * The prefix length, in the fake's estimated tokens (four characters a token), below which its prompt cache
 * writes nothing: 1024, the minimum of most Claude models.
 */
export const defaultMinCacheableTokens = 1024;

/** Limits on what a fake LLM reads and keeps, and its prompt cache; see `createFakeLlm`. */
export interface FakeLlmOptions {
  /**
   * The largest request body accepted, in bytes (default 32 MiB, the Messages API's limit). A larger body gets a
   * 413 and is not read past the limit.
   */
  maxRequestBytes?: number;
  /**
   * How many bytes of request bodies and headers the records keep (default 64 MiB). Past it, the oldest requests
   * keep only a summary: no body, no headers, `summarized: true`.
   */
  maxRetainedRequestBytes?: number;
  /**
   * Messages API prompt caching: the shortest prefix, in estimated tokens, that a `cache_control` breakpoint
   * caches (default 1024; 0 caches any). Shorter prefixes are neither written nor read, as the real API
   * processes them without caching.
   */
  minCacheableTokens?: number;
}

/** The options with their defaults filled in; throws when one is not a positive whole number. */
export function resolveFakeLlmOptions(options: FakeLlmOptions): Required<FakeLlmOptions> {
  const resolved = {
    maxRequestBytes: options.maxRequestBytes ?? defaultMaxRequestBytes,
    maxRetainedRequestBytes: options.maxRetainedRequestBytes ?? defaultMaxRetainedRequestBytes,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new Error(
        `createFakeLlm: ${name} must be a positive whole number of bytes, not ${String(value)}.`,
      );
    }
  }
  const minCacheableTokens = options.minCacheableTokens ?? defaultMinCacheableTokens;
  if (!Number.isSafeInteger(minCacheableTokens) || minCacheableTokens < 0) {
    throw new Error(
      `createFakeLlm: minCacheableTokens must be a whole number of tokens (0 or more), not ${String(minCacheableTokens)}.`,
    );
  }
  return { ...resolved, minCacheableTokens };
}
