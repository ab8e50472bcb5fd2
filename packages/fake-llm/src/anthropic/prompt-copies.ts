import { isRecord } from '../internal/is-record.js';
import { copyFrozen, keepAsCopy } from './copy-frozen.js';
import { isSameJson } from './is-same-json.js';

/** The body fields whose items a tool loop's next request repeats: the conversation, the system prompt, the tools. */
const repeatedFields = ['messages', 'system', 'tools'] as const;
type RepeatedField = (typeof repeatedFields)[number];

/** How many conversations' prompts a script keeps copies of (several agents may share one script). */
const keptPrompts = 4;

/**
 * The fake's own frozen copies of the prompts a script's last Messages API requests sent: their `messages`,
 * `system` (as a list) and `tools`, item by item.
 */
export interface PromptCopies {
  /**
   * The body with each item of those lists that equals the kept copy at its position replaced by that copy, and
   * every other item by a new frozen copy of it, which is kept from then on. The copies compared with are those of
   * the kept prompt whose first message is the request's (of the last one, when none is). Any other body (not an
   * object, or its fields not lists, or too deep to copy) is given back as it is.
   */
  reuse(body: unknown): unknown;
}

/**
 * Creates empty copies. A tool loop's request repeats the one before and adds a round: with its repeated items
 * the very objects the last request was checked with, the checks that keep what they found for a copy (see
 * `createCopyMemo`) redo only the round's items. Items are compared by position, as JSON values (fields in their
 * order): one walk of each item, which stops at its first difference. The copies are deep and frozen, and no
 * check changes one, so what was found for a copy holds for as long as it lives. The body itself, which the fake
 * records for its user, is not changed.
 *
 * The prompts of up to four conversations are kept, the one whose first message a request repeats chosen, so
 * that agents taking turns on one script each keep theirs. Memory: one copy of each kept prompt, besides the
 * records; they go with the script.
 */
export function createPromptCopies(): PromptCopies {
  // The most recently used first.
  const prompts: Array<Record<RepeatedField, readonly unknown[]>> = [];
  return {
    reuse(body) {
      if (!isRecord(body)) return body;
      const messages = body.messages;
      const first = Array.isArray(messages) ? (messages as unknown[])[0] : undefined;
      const found = prompts.findIndex((prompt) => isSameJson(prompt.messages[0], first));
      const kept = found === -1 ? prompts[0] : prompts[found];
      let reused: Record<string, unknown> | undefined;
      const next: Record<RepeatedField, readonly unknown[]> = { messages: [], system: [], tools: [] };
      try {
        for (const field of repeatedFields) {
          const items = body[field];
          if (!Array.isArray(items)) continue;
          next[field] = reuseItems(kept?.[field] ?? [], items);
          reused ??= { ...body };
          reused[field] = next[field];
        }
      } catch (error) {
        // A body nested past the stack's depth is checked as it came (the checks say what they find of it).
        if (error instanceof RangeError) return body;
        throw error;
      }
      if (found !== -1) prompts.splice(found, 1);
      else if (prompts.length === keptPrompts) prompts.pop();
      prompts.unshift(next);
      return reused ?? body;
    },
  };
}

function reuseItems(copies: readonly unknown[], items: readonly unknown[]): readonly unknown[] {
  return keepAsCopy(
    items.map((item, index) => {
      const copy = copies[index];
      return index < copies.length && isSameJson(copy, item) ? copy : copyFrozen(item);
    }),
  );
}
