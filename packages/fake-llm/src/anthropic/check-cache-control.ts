import type { PromptBlock } from './list-prompt-blocks.js';

/** The most blocks with `cache_control` one Messages API request may have. */
const maxBreakpoints = 4;

/** Block types that take no `cache_control` (the API's schema has no such field on them). */
const typesWithoutCacheControl = new Set(['thinking', 'redacted_thinking']);

/**
 * What the Messages API refuses about a request's `cache_control` breakpoints, in its words, or `undefined`:
 * one on a thinking or redacted thinking block, on an empty text block, with a `type` other than `ephemeral` or
 * a `ttl` other than `5m` and `1h`, and more than four of them.
 */
export function checkCacheControl(blocks: readonly PromptBlock[]): string | undefined {
  let count = 0;
  for (const block of blocks) {
    for (const { path, value } of block.cacheControls) {
      count += 1;
      // Message content is a union tagged by `type`, which the API's paths name; system blocks and tools are not.
      const owner =
        path !== ''
          ? `${block.location}${path}`
          : block.location.startsWith('messages.')
            ? `${block.location}.${block.type}`
            : block.location;
      if (path === '' && typesWithoutCacheControl.has(block.type))
        return `${owner}.cache_control: Extra inputs are not permitted`;
      const problem = checkValue(value, `${owner}.cache_control`);
      if (problem !== undefined) return problem;
      if (path === '' && block.type === 'text' && block.block.text === '')
        return `${owner}: cache_control cannot be set for empty text blocks`;
    }
  }
  if (count > maxBreakpoints)
    return `A maximum of ${maxBreakpoints} blocks with cache_control may be provided. Found ${count}.`;
  return undefined;
}

function checkValue(value: unknown, where: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${where}: Input should be a valid dictionary or object to extract fields from`;
  const { type, ttl } = value as Record<string, unknown>;
  if (type !== 'ephemeral')
    return `${where}: Input tag '${String(type)}' found using 'type' does not match any of the expected tags: 'ephemeral'`;
  if (ttl !== undefined && ttl !== '5m' && ttl !== '1h')
    return `${where}.ephemeral.ttl: Input should be '5m' or '1h'`;
  return undefined;
}
