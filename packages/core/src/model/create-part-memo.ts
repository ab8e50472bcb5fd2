import { flatten, isMadeOf } from './part-values.js';

/**
 * A memo of what is computed from a message part — its conversion to a wire format, its token count — for a
 * loop, which sends every earlier message again each round. A value is kept by the part object and given back
 * only while the part is still made of the same objects holding the same values, at every depth: a part edited
 * in place (a text replaced, a tool result's content changed, a call's input altered or replaced, even by an
 * equal copy) is computed again, so a memo is never stale, and a value that holds the part's objects (a
 * converted call holding its input) holds only objects the part still holds. Checking
 * costs a step per field and array element, whatever the length of the strings in them (an unchanged string is
 * the same string): a 1 MB tool result is checked as quickly as a short one.
 */
export interface PartMemo<VALUE> {
  /**
   * The value `compute` gave for `part` when it was last made of the same objects and values; else
   * `compute(part)`, kept.
   */
  get<PART extends object>(part: PART, compute: (part: PART) => VALUE): VALUE;
}

/** Creates an empty memo; it holds its parts weakly, so it keeps nothing alive that the transcript dropped. */
export function createPartMemo<VALUE>(): PartMemo<VALUE> {
  const entries = new WeakMap<object, { values: unknown[]; value: VALUE }>();
  return {
    get(part, compute) {
      const entry = entries.get(part);
      if (entry !== undefined && isMadeOf(part, entry.values)) return entry.value;
      const value = compute(part);
      entries.set(part, { values: flatten(part), value });
      return value;
    },
  };
}
