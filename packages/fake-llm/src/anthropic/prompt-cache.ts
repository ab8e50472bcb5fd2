import { createHash } from 'node:crypto';
import {
  canonicalJsonLength,
  isSameCanonicalJson,
  toCanonicalJson,
  writeCanonicalJson,
} from './canonical-json.js';
import type { PromptBlock } from './list-prompt-blocks.js';
import { copyFrozen, isKeptCopy } from './copy-frozen.js';
import { createCopyMemo } from './create-copy-memo.js';

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

/** One block of the last request the cache compared: what its count and key depend on, and the running count. */
interface SeenBlock {
  label: string;
  /**
   * The block's value as the last request had it, one of the fake's frozen copies (a copy made here of any other
   * value, which its owner could change): the next request's block is the same when it is the very same copy,
   * or has the same canonical JSON.
   */
  block: Readonly<Record<string, unknown>>;
  /** The characters of the canonical JSON of the prompt's blocks up to and including this one. */
  characters: number;
}

/** The last compared request's prompt, and the keys of its first blocks (as far as a breakpoint needed them). */
interface SeenPrompt {
  blocks: SeenBlock[];
  /**
   * At each position, the request's block itself when it is one of the fake's frozen blocks (those of a frozen
   * copy's item, see `listPromptBlocks`): frozen, label and value, so the next request that lists the very same
   * block has the same block there, found without reading it. Apart from `blocks`, so that a long prompt's
   * unchanged blocks are passed over in one run along one list.
   */
  frozen: Array<PromptBlock | undefined>;
  /** The position of the first message's block (-1: none), before which the settings go into the keys. */
  firstMessage: number;
  /** The keys of the first `keys.length` blocks, made for `keyedModel` and `keyedSettings`. */
  keys: string[];
  keyedModel: string;
  /** The canonical JSON of the settings the keys were made with. */
  keyedSettings: string;
}

/**
 * Creates an empty prompt cache. A prefix is keyed on the model and the canonical JSON of every block up to its
 * end (keys sorted, `cache_control` left out, so a breakpoint that moved on still matches), with the request's
 * `tool_choice` and `thinking` before the first message; its tokens are estimated at four characters a token,
 * as the fake's usage is. A breakpoint reads the longest entry at it or up to 20 blocks before it; a request
 * writes the prefix of every breakpoint that reaches `minTokens`. Entries do not expire.
 *
 * The cache is incremental: it keeps the blocks of the last request with a breakpoint (their values and running
 * character counts) and the keys made for them. A request's blocks are compared, value and label, with those at
 * the same positions up to the first that differs, a value the same when it is the very frozen copy the last
 * request had or has the same canonical JSON (a block a breakpoint moved off is the same block); only the blocks
 * from there on are written as JSON, counted again and, when a breakpoint needs their keys, get canonical JSON and
 * a hash. So a request costs in proportion to what changed: a tool loop's request, which repeats the one before
 * and adds a round, writes and hashes the round, and compares the block its breakpoint moved from (a large tool
 * result's text once, no JSON written). Another model remakes every key, and other settings (or
 * messages that begin at another block) the keys from the first message's block on; the counts stay. A request
 * without a breakpoint is only counted, and leaves the cache as it was. A request from another conversation on
 * the same script shares the entries and is compared with whichever request came before it, which only costs
 * more.
 */
export function createPromptCache(): PromptCache {
  const entries = new Set<string>();
  const seen: SeenPrompt = {
    blocks: [],
    frozen: [],
    firstMessage: -1,
    keys: [],
    keyedModel: '',
    keyedSettings: '',
  };
  return {
    use({ model, settings, blocks, minTokens }) {
      const breakpoints = listBreakpoints(blocks);
      const last = breakpoints.at(-1);
      // A request without a breakpoint reads and writes nothing: its blocks are only counted, and the next
      // request with a breakpoint is compared with the last one before it.
      if (last === undefined)
        return { readTokens: 0, writeTokens: 0, prefixTokens: 0, promptTokens: countPromptTokens(blocks) };
      // The tokens first, from the blocks' counts alone: a request whose last breakpoint does not reach
      // `minTokens` reads and writes nothing either, and needs no keys.
      updateSeenBlocks(seen, blocks);
      const tokensAt = (index: number) => Math.ceil((seen.blocks[index]?.characters ?? 0) / 4);
      const prefixTokens = tokensAt(last);
      const promptTokens = tokensAt(blocks.length - 1);
      if (prefixTokens < minTokens) return { readTokens: 0, writeTokens: 0, prefixTokens, promptTokens };
      const keys = updateSeenKeys(seen, { model, settings, blocks, through: last });
      let readTokens = 0;
      for (const breakpoint of breakpoints) {
        for (let index = breakpoint; index >= 0 && index > breakpoint - lookbackBlocks; index -= 1) {
          if (entries.has(keys[index] ?? '')) {
            readTokens = Math.max(readTokens, tokensAt(index));
            break;
          }
        }
      }
      for (const breakpoint of breakpoints) {
        if (tokensAt(breakpoint) >= minTokens) entries.add(keys[breakpoint] ?? '');
      }
      return { readTokens, writeTokens: prefixTokens - readTokens, prefixTokens, promptTokens };
    },
  };
}

/** The tokens of a whole prompt, counted block by block. */
function countPromptTokens(blocks: readonly PromptBlock[]): number {
  let characters = 0;
  for (const { block } of blocks)
    characters += charactersOfCopy(block, () => canonicalJsonLength(JSON.stringify(block), block));
  return Math.ceil(characters / 4);
}

/** The canonical JSON length of a block that is one of the fake's frozen copies, counted once. */
const charactersOfCopy = createCopyMemo<number>();

/**
 * Makes `seen` the request's blocks: keeps those up to the first that differs from the last request's at the
 * same position, with their counts and the keys that still hold, and counts the rest.
 */
function updateSeenBlocks(seen: SeenPrompt, blocks: readonly PromptBlock[]): void {
  const kept = countSameBlocks(seen, blocks);
  const firstMessage = findFirstMessage(blocks);
  seen.keys.length = countValidKeys(seen, { kept, firstMessage });
  seen.blocks.length = kept;
  seen.frozen.length = kept;
  seen.firstMessage = firstMessage;
  let characters = seen.blocks.at(-1)?.characters ?? 0;
  for (let index = kept; index < blocks.length; index += 1) {
    const promptBlock = blocks[index] as PromptBlock;
    const { label, block } = promptBlock;
    characters += charactersOfCopy(block, () => canonicalJsonLength(JSON.stringify(block), block));
    seen.blocks.push({ label, block: asKeptCopy(block), characters });
    seen.frozen.push(frozenOrNone(promptBlock));
  }
}

/**
 * How many of the request's first blocks are the same as the last request's, position by position; those that
 * are the same take the request's values, so that the next request, which repeats them as the fake's frozen
 * copies, finds the very same ones. A frozen block the last request had at the same position is the same
 * without a look inside: a tool loop's request repeats all but its round's blocks so.
 */
function countSameBlocks(seen: SeenPrompt, blocks: readonly PromptBlock[]): number {
  const length = Math.min(seen.blocks.length, blocks.length);
  const { frozen } = seen;
  for (let index = 0; index < length; index += 1) {
    const block = blocks[index];
    if (block !== undefined && block === frozen[index]) continue;
    const seenBlock = seen.blocks[index];
    if (seenBlock === undefined || block === undefined || !isSameBlock(seenBlock, block)) return index;
    if (isKeptCopy(block.block)) seenBlock.block = block.block;
    frozen[index] = frozenOrNone(block);
  }
  return length;
}

/** The block when it is one of the fake's frozen blocks (label, value and breakpoints fixed for good). */
function frozenOrNone(block: PromptBlock): PromptBlock | undefined {
  return Object.isFrozen(block) && isKeptCopy(block.block) ? block : undefined;
}

/**
 * Same label and the same canonical JSON: so the same count and, with the settings in the same place (see
 * `countValidKeys`), the same key.
 */
function isSameBlock(seenBlock: SeenBlock, block: PromptBlock): boolean {
  if (seenBlock.label !== block.label) return false;
  // The same frozen copy of the fake's is the same value: nothing to compare.
  return (
    (seenBlock.block === block.block && isKeptCopy(block.block)) ||
    isSameCanonicalJson(seenBlock.block, block.block)
  );
}

/** The block itself when it is one of the fake's frozen copies, else a frozen copy of it as it is now. */
function asKeptCopy(block: Record<string, unknown>): Readonly<Record<string, unknown>> {
  return isKeptCopy(block) ? block : (copyFrozen(block) as Readonly<Record<string, unknown>>);
}

/** The position of the request's first message block, or -1: the blocks before it are its tools and system. */
function findFirstMessage(blocks: readonly PromptBlock[]): number {
  for (const [index, block] of blocks.entries()) {
    if (block.location.startsWith('messages.')) return index;
  }
  return -1;
}

/**
 * How many of the seen keys hold for the request: those of the kept blocks, and when its messages begin
 * elsewhere than the last request's, only those before both beginnings (the settings are in the keys after).
 */
function countValidKeys(seen: SeenPrompt, request: { kept: number; firstMessage: number }): number {
  let valid = Math.min(seen.keys.length, request.kept);
  if (request.firstMessage === seen.firstMessage) return valid;
  for (const firstMessage of [request.firstMessage, seen.firstMessage]) {
    if (firstMessage !== -1) valid = Math.min(valid, firstMessage);
  }
  return valid;
}

/** The positions of the blocks that carry a breakpoint (their own `cache_control` or one in their content). */
function listBreakpoints(blocks: readonly PromptBlock[]): number[] {
  const breakpoints: number[] = [];
  for (let index = 0; index < blocks.length; index += 1) {
    if ((blocks[index] as PromptBlock).cacheControls.length > 0) breakpoints.push(index);
  }
  return breakpoints;
}

/**
 * The keys of the seen blocks up to and including `through`: those made before, when they were made for this
 * model (and these settings, for the keys from the first message's block on), and the rest made now.
 */
function updateSeenKeys(
  seen: SeenPrompt,
  options: {
    model: string;
    settings: { toolChoice: unknown; thinking: unknown };
    blocks: readonly PromptBlock[];
    through: number;
  },
): readonly string[] {
  const { model, blocks, through } = options;
  const settings = toCanonicalJson(options.settings);
  const { firstMessage } = seen;
  if (model !== seen.keyedModel) seen.keys.length = 0;
  else if (settings !== seen.keyedSettings && firstMessage !== -1)
    seen.keys.length = Math.min(seen.keys.length, firstMessage);
  seen.keyedModel = model;
  seen.keyedSettings = settings;
  for (let index = seen.keys.length; index <= through; index += 1) {
    const block = blocks[index];
    if (block === undefined) break;
    let key = seen.keys.at(-1) ?? hash(`model ${model}`);
    if (index === firstMessage) key = hash(`${key} settings ${settings}`);
    seen.keys.push(hashCanonicalJson(`${key} ${block.label} `, block.block));
  }
  return seen.keys;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * `hash(prefix + toCanonicalJson(value))`, without the text of the whole: short pieces are gathered, a long one
 * (a large tool result's text) goes to the hash on its own.
 */
function hashCanonicalJson(prefix: string, value: unknown): string {
  const sha = createHash('sha256');
  let gathered = prefix;
  writeCanonicalJson(value, (piece) => {
    if (piece.length < 4096) {
      gathered += piece;
      return;
    }
    sha.update(gathered);
    sha.update(piece);
    gathered = '';
  });
  return sha.update(gathered).digest('hex');
}
