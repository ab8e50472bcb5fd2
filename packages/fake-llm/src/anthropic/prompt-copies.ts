import { isRecord } from '../internal/is-record.js';

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

/**
 * The mark of every object and list the copies are made of, the only values known never to change: a field no
 * JSON value can have (a symbol of this module's, not enumerable, so no walk or JSON text sees it), read faster
 * than a set would be asked.
 */
const copyMark = Symbol('toolloop fake LLM copy');

/** Whether a value is one of the fake's frozen copies (or a part of one), whose checks can be kept with it. */
export function isKeptCopy(value: unknown): value is object {
  return typeof value === 'object' && value !== null && (value as { [copyMark]?: true })[copyMark] === true;
}

/**
 * Freezes a value the fake made from copies alone (such as a string content's text block) and marks it as a
 * copy: none of it may be changed from then on.
 */
export function keepAsCopy<VALUE extends object>(value: VALUE): Readonly<VALUE> {
  if (!Object.hasOwn(value, copyMark)) Object.defineProperty(value, copyMark, { value: true });
  return Object.freeze(value);
}

function reuseItems(copies: readonly unknown[], items: readonly unknown[]): readonly unknown[] {
  return keepAsCopy(
    items.map((item, index) => {
      const copy = copies[index];
      return index < copies.length && isSameJson(copy, item) ? copy : copyFrozen(item);
    }),
  );
}

/** Whether two values parsed from JSON are the same JSON value, fields in the same order. */
export function isSameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index += 1) {
      if (!isSameJson(left[index], right[index])) return false;
    }
    return true;
  }
  if (Array.isArray(right)) return false;
  const leftFields = Object.keys(left);
  const rightFields = Object.keys(right);
  if (leftFields.length !== rightFields.length) return false;
  for (let index = 0; index < leftFields.length; index += 1) {
    const field = leftFields[index] as string;
    if (field !== rightFields[index]) return false;
    if (!isSameJson((left as Record<string, unknown>)[field], (right as Record<string, unknown>)[field]))
      return false;
  }
  return true;
}

/** A deep copy of a value parsed from JSON, every object and list in it frozen and counted as a copy. */
export function copyFrozen(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return keepAsCopy(value.map(copyFrozen));
  const copy: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    // A `__proto__` field of JSON is an own field, as JSON.parse makes it; an assignment would set the prototype.
    if (field === '__proto__')
      Object.defineProperty(copy, field, {
        value: copyFrozen(fieldValue),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[field] = copyFrozen(fieldValue);
  }
  return keepAsCopy(copy);
}

/**
 * A memo of what is worked out from a value: kept with the value as long as it lives when the value is one of
 * the fake's copies, worked out again each time for any other value.
 */
export function createCopyMemo<Result>(): (value: unknown, work: () => Result) => Result {
  const results = new WeakMap<object, Result>();
  return (value, work) => {
    if (!isKeptCopy(value)) return work();
    if (results.has(value)) return results.get(value) as Result;
    const result = work();
    results.set(value, result);
    return result;
  };
}
