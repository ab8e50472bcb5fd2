import { isRecord } from '../internal/is-record.js';

/** The body fields whose items a tool loop's next request repeats: the conversation, the system prompt, the tools. */
const repeatedFields = ['messages', 'system', 'tools'] as const;

/**
 * The fake's own frozen copies of the prompt a script's last Messages API request sent: its `messages`, `system`
 * and `tools`, item by item.
 */
export interface PromptCopies {
  /**
   * The body with each item of those lists that equals the kept copy at its position replaced by that copy, and
   * every other item by a new frozen copy of it, which the copies keep from then on. Any other body (not an
   * object, or its fields not lists) is given back as it is.
   */
  reuse(body: unknown): unknown;
}

/**
 * Creates empty copies. A tool loop's request repeats the one before and adds a round: with its repeated items
 * the very objects the previous request was checked with, the checks that keep what they found for an object
 * (frozen copies only: see `isKeptCopy`) do only the round's work. Items are compared by position, as JSON values
 * (fields in their order), so what costs in proportion to the whole request is one walk that stops at the first
 * difference of each item. The body itself, which the fake records for its user, is not changed: the copies are
 * never given out, so nothing can change them after they were checked.
 */
export function createPromptCopies(): PromptCopies {
  const kept: Record<(typeof repeatedFields)[number], readonly unknown[]> = {
    messages: [],
    system: [],
    tools: [],
  };
  return {
    reuse(body) {
      if (!isRecord(body)) return body;
      let reused: Record<string, unknown> | undefined;
      for (const field of repeatedFields) {
        const items = body[field];
        if (!Array.isArray(items)) continue;
        const copies = reuseItems(kept[field], items);
        kept[field] = copies;
        reused ??= { ...body };
        reused[field] = copies;
      }
      return reused ?? body;
    },
  };
}

/** Whether a value is one of the fake's frozen copies, whose checks can be kept with it. */
export function isKeptCopy(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.isFrozen(value);
}

function reuseItems(copies: readonly unknown[], items: readonly unknown[]): readonly unknown[] {
  return Object.freeze(
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

/** A deep copy of a value parsed from JSON, every object and list in it frozen. */
function copyFrozen(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(copyFrozen));
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
  return Object.freeze(copy);
}

/**
 * A memo of what is worked out from a value: kept with the value as long as it lives when the value is one of
 * the fake's frozen copies, worked out again each time for any other value.
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
