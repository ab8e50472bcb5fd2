import { listFakeLlmRules } from './rules/list-fake-llm-rules.js';

/** The Messages API's request size limit (32 MB), which the fake applies to both wires by default. */
export const defaultMaxRequestBytes = 32 * 1024 * 1024;

/** How many bytes of request bodies and headers a fake keeps by default before it summarizes the oldest. */
export const defaultMaxRetainedRequestBytes = 64 * 1024 * 1024;

/**
 * The prefix length, in the fake's estimated tokens (four characters a token), below which its prompt cache
 * writes nothing: 1024, the minimum of most Claude models.
 */
export const defaultMinCacheableTokens = 1024;

/** Which of the fake's rules a test lets through; see `FakeLlmOptions.strictness`. */
export interface FakeLlmStrictness {
  /**
   * Rules the fake does not apply, by id (`listFakeLlmRules()` lists them): for a test that must send what the
   * real API refuses. Every other rule still applies; an id the fake does not know throws.
   */
  relax?: string[];
}

/** Limits on what a fake LLM reads and keeps, its prompt cache, and which rules it applies; see `createFakeLlm`. */
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
  /** The rules the fake relaxes, by id; none by default (a request the real API refuses, the fake refuses). */
  strictness?: FakeLlmStrictness;
}

/** The options with their defaults filled in and checked. */
export interface ResolvedFakeLlmOptions {
  maxRequestBytes: number;
  maxRetainedRequestBytes: number;
  minCacheableTokens: number;
  relaxedRules: ReadonlySet<string>;
}

/**
 * The options with their defaults filled in; throws when a limit is not a positive whole number, or
 * `strictness.relax` names a rule the fake does not have.
 */
export function resolveFakeLlmOptions(options: FakeLlmOptions): ResolvedFakeLlmOptions {
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
  return { ...resolved, minCacheableTokens, relaxedRules: readRelaxedRules(options.strictness) };
}

function readRelaxedRules(strictness: FakeLlmStrictness | undefined): ReadonlySet<string> {
  const relax = strictness?.relax ?? [];
  if (!Array.isArray(relax)) {
    throw new Error(
      'createFakeLlm: strictness.relax must be a list of rule ids, such as ["messages/unknown-model"].',
    );
  }
  const known = new Set(listFakeLlmRules().map((rule) => rule.id));
  for (const id of relax) {
    if (!known.has(id)) {
      throw new Error(
        `createFakeLlm: strictness.relax names no rule of the fake: '${id}'. Its rules: ${[...known].join(', ')}.`,
      );
    }
  }
  return new Set(relax);
}
