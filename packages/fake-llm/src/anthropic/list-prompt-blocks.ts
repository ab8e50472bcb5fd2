import { isKeptCopy, keepAsCopy } from './copy-frozen.js';
import { createCopyMemo } from './create-copy-memo.js';

/** One block of a Messages API prompt, where it sits, and the `cache_control` values it and its content carry. */
export interface PromptBlock {
  /** The block's path as the API names it in errors: `tools.0`, `system.1`, `messages.2.content.0`. */
  location: string;
  /** What keys the block in the prompt's order: `tool`, `system`, or the message's index and role. */
  label: string;
  type: string;
  block: Record<string, unknown>;
  /** The block's own `cache_control` (`''` below) and those inside a `tool_result`'s content, by sub-path. */
  cacheControls: Array<{ path: string; value: unknown }>;
}

/**
 * The blocks of a request's prompt in the order the API caches them — tools, then the system prompt, then the
 * messages — with a string `system` or message content read as one text block, as the API reads it.
 */
export function listPromptBlocks(fields: {
  tools?: unknown;
  system?: unknown;
  messages: unknown[];
}): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  // One block at a time: a message may have more blocks than a call takes arguments.
  const add = (itemBlocks: readonly PromptBlock[]) => {
    for (const block of itemBlocks) blocks.push(block);
  };
  for (const [index, tool] of asList(fields.tools).entries()) {
    add(
      itemBlocks(tool, index, () =>
        isRecord(tool) ? [toPromptBlock({ location: `tools.${index}`, label: 'tool', block: tool })] : [],
      ),
    );
  }
  const system = typeof fields.system === 'string' ? [{ type: 'text', text: fields.system }] : fields.system;
  for (const [index, block] of asList(system).entries()) {
    add(
      itemBlocks(block, index, () =>
        isRecord(block) ? [toPromptBlock({ location: `system.${index}`, label: 'system', block })] : [],
      ),
    );
  }
  for (const [messageIndex, message] of fields.messages.entries()) {
    add(itemBlocks(message, messageIndex, () => listMessageBlocks(message, messageIndex)));
  }
  return blocks;
}

/**
 * The blocks of an item of `tools`, `system` or `messages`, which name the item's position: those of a frozen
 * copy the last request had at the same position are kept, frozen, and given again.
 */
function itemBlocks(item: unknown, index: number, list: () => PromptBlock[]): readonly PromptBlock[] {
  // Only what is kept is frozen: the blocks of any other value hold the caller's objects.
  if (!isKeptCopy(item)) return list();
  const kept = blocksOfItem(item, () => ({ index, blocks: freezeBlocks(list()) }));
  return kept.index === index ? kept.blocks : list();
}

const blocksOfItem = createCopyMemo<{ index: number; blocks: readonly PromptBlock[] }>();

function freezeBlocks(blocks: PromptBlock[]): readonly PromptBlock[] {
  for (const block of blocks) {
    for (const cacheControl of block.cacheControls) Object.freeze(cacheControl);
    Object.freeze(block.cacheControls);
    // A string content's text block is the fake's own, made of a copy; a copy's blocks are copies already.
    keepAsCopy(block.block);
    Object.freeze(block);
  }
  return Object.freeze(blocks);
}

function listMessageBlocks(message: unknown, messageIndex: number): PromptBlock[] {
  if (!isRecord(message)) return [];
  const content =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const label = `message ${messageIndex} ${String(message.role)}`;
  return asList(content).flatMap((block, index) =>
    isRecord(block)
      ? [toPromptBlock({ location: `messages.${messageIndex}.content.${index}`, label, block })]
      : [],
  );
}

function toPromptBlock(options: {
  location: string;
  label: string;
  block: Record<string, unknown>;
}): PromptBlock {
  const { block } = options;
  const cacheControls: PromptBlock['cacheControls'] = [];
  if (block.cache_control !== undefined && block.cache_control !== null)
    cacheControls.push({ path: '', value: block.cache_control });
  if (block.type === 'tool_result') {
    for (const [index, inner] of asList(block.content).entries()) {
      if (isRecord(inner) && inner.cache_control !== undefined && inner.cache_control !== null)
        cacheControls.push({ path: `.tool_result.content.${index}`, value: inner.cache_control });
    }
  }
  return {
    ...options,
    type: typeof block.type === 'string' ? block.type : 'tool',
    cacheControls,
  };
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
