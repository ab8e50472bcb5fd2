import { createHash } from 'node:crypto';
import type { PromptBlock } from './list-prompt-blocks.js';

/** How many blocks before a breakpoint the API looks back for an earlier cache entry (its prompt caching guide). */
const lookbackBlocks = 20;

/** What one request read from and wrote to the prompt cache, in estimated tokens. */
export interface PromptCacheUse {
  readTokens: number;
  writeTokens: number;
  /** The tokens of the prompt up to and including its last breakpoint (0 without one). */
  prefixTokens: number;
  /** The tokens of the whole prompt, on the same count (its blocks' JSON, four characters a token). */
  promptTokens: number;
}

/** A script's prompt cache: the prefixes its requests' breakpoints wrote, as the Messages API keeps them. */
export interface PromptCache {
  /** Reads the longest cached prefix a request's breakpoints reach, and writes the prefixes they end. */
  use(options: {
    model: string;
    /** The request's `tool_choice` and `thinking`: a change of either invalidates cached messages, not tools or system. */
    settings: { toolChoice: unknown; thinking: unknown };
    blocks: readonly PromptBlock[];
    /** Prefixes shorter than this are neither written nor read. */
    minTokens: number;
  }): PromptCacheUse;
}

/**
 * Creates an empty prompt cache. A prefix is keyed on the model and the canonical JSON of every block up to its
 * end (keys sorted, `cache_control` left out, so a breakpoint that moved on still matches), with the request's
 * `tool_choice` and `thinking` before the first message; its tokens are estimated at four characters a token,
 * as the fake's usage is. A breakpoint reads the longest entry at it or up to 20 blocks before it; a request
 * writes the prefix of every breakpoint that reaches `minTokens`. Entries do not expire.
 */
export function createPromptCache(): PromptCache {
  const entries = new Set<string>();
  return {
    use({ model, settings, blocks, minTokens }) {
      // The tokens first, from the blocks' lengths alone: a request whose last breakpoint does not reach
      // `minTokens` (most requests, and every one without a breakpoint) reads and writes nothing, and needs no keys.
      const tokens: number[] = [];
      let characters = 0;
      for (const block of blocks) {
        characters += canonicalJsonLength(block.block);
        tokens.push(Math.ceil(characters / 4));
      }
      const breakpoints = blocks.flatMap((block, index) => (block.cacheControls.length > 0 ? [index] : []));
      const last = breakpoints.at(-1);
      const prefixTokens = last === undefined ? 0 : (tokens[last] ?? 0);
      const promptTokens = tokens.at(-1) ?? 0;
      if (last === undefined || prefixTokens < minTokens)
        return { readTokens: 0, writeTokens: 0, prefixTokens, promptTokens };
      const keys: string[] = [];
      let key = hash(`model ${model}`);
      let settingsFolded = false;
      for (const block of blocks) {
        if (!settingsFolded && block.location.startsWith('messages.')) {
          key = hash(`${key} settings ${toCanonicalJson(settings)}`);
          settingsFolded = true;
        }
        key = hash(`${key} ${block.label} ${toCanonicalJson(block.block)}`);
        keys.push(key);
      }
      let readTokens = 0;
      for (const breakpoint of breakpoints) {
        for (let index = breakpoint; index >= 0 && index > breakpoint - lookbackBlocks; index -= 1) {
          if (entries.has(keys[index] ?? '')) {
            readTokens = Math.max(readTokens, tokens[index] ?? 0);
            break;
          }
        }
      }
      for (const breakpoint of breakpoints) {
        if ((tokens[breakpoint] ?? 0) >= minTokens) entries.add(keys[breakpoint] ?? '');
      }
      return { readTokens, writeTokens: prefixTokens - readTokens, prefixTokens, promptTokens };
    },
  };
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The length of a block's canonical JSON without sorting its keys (which changes their order, not the length):
 * its plain JSON's, unless a `cache_control` field somewhere in it has to be left out. A string that mentions
 * the field is written with escaped quotes, so only a real field sends it the long way.
 */
function canonicalJsonLength(value: unknown): number {
  const json = JSON.stringify(value);
  return json.includes('"cache_control":') ? toCanonicalJson(value).length : json.length;
}

/** JSON with object keys sorted and `cache_control` left out, at any depth. */
function toCanonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (typeof nested !== 'object' || nested === null || Array.isArray(nested)) return nested;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(nested).sort()) {
      const field = (nested as Record<string, unknown>)[name];
      // A field named __proto__ (JSON.parse makes one) stays a field: an assignment would set the prototype.
      if (name === '__proto__') Object.defineProperty(sorted, name, { value: field, enumerable: true });
      else if (name !== 'cache_control') sorted[name] = field;
    }
    return sorted;
  });
}
