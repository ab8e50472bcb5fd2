/**
 * A memo of what is computed from a message part — its conversion to a wire format, its token count — for a
 * loop, which sends every earlier message again each round. A value is kept by the part object and given back
 * only while the part is still made of the same values, at every depth: a part edited in place (a text replaced,
 * a tool result's content changed, a call's input altered) is computed again, so a memo is never stale. Checking
 * costs a step per field and array element, whatever the length of the strings in them (an unchanged string is
 * the same string): a 1 MB tool result is checked as quickly as a short one.
 */
export interface PartMemo<VALUE> {
  /** The value `compute` gave for `part` when it was last made of the same values; else `compute(part)`, kept. */
  get<PART extends object>(part: PART, compute: (part: PART) => VALUE): VALUE;
}

/** Where an object's fields start and end in a part's flattened values, so that a moved field cannot match. */
const objectStart = Symbol('object');
const arrayStart = Symbol('array');
const end = Symbol('end');

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

/**
 * The values of a list of parts (a transcript's messages) as last recorded, in one array, to tell how many parts
 * of the next list, from the first, are still made of the same values: for a conversion of a whole list that a
 * loop asks again every round with one more part, which then converts only what follows that prefix. Checking a
 * part reads its values and the recorded ones in order, with no lookup of its own: a long list is checked at
 * about the cost of walking it once.
 */
export interface ListSnapshot {
  /** How many of `parts`, from the first, are made of the same values as those recorded at their places. */
  unchangedPrefix(parts: readonly object[]): number;
  /** Records `parts` as the snapshot's list; the first `kept` are those recorded already (`unchangedPrefix`). */
  record(parts: readonly object[], kept: number): void;
}

export function createListSnapshot(): ListSnapshot {
  const values: unknown[] = [];
  // Where each recorded part's values end.
  const ends: number[] = [];
  return {
    unchangedPrefix(parts) {
      const walk = { values, index: 0 };
      let count = 0;
      while (count < parts.length && count < ends.length) {
        const part = parts[count];
        if (part === undefined || !matches(part, walk) || walk.index !== ends[count]) break;
        count += 1;
      }
      return count;
    },
    record(parts, kept) {
      values.length = kept === 0 ? 0 : (ends[kept - 1] ?? 0);
      ends.length = kept;
      for (let index = kept; index < parts.length; index += 1) {
        const part = parts[index];
        if (part !== undefined) flattenInto(values, part);
        ends.push(values.length);
      }
    },
  };
}

/** The part's values, depth first: each object as its start, its keys and values, its end; arrays alike. */
function flatten(part: object): unknown[] {
  const values: unknown[] = [];
  flattenInto(values, part);
  return values;
}

function flattenInto(values: unknown[], part: object): void {
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) {
      values.push(value);
    } else if (Array.isArray(value)) {
      values.push(arrayStart, value.length);
      for (const item of value as unknown[]) visit(item);
      values.push(end);
    } else {
      values.push(objectStart);
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        values.push(key);
        visit((value as Record<string, unknown>)[key]);
      }
      values.push(end);
    }
  };
  visit(part);
}

/**
 * Whether `part`, walked as `flatten` walks it, gives `values` again; stops at the first difference. A loop asks
 * this of every earlier part before every request: it allocates nothing (`for…in` where `Object.keys` would
 * make an array of each object's keys).
 */
function isMadeOf(part: object, values: readonly unknown[]): boolean {
  const walk = { values, index: 0 };
  return matches(part, walk) && walk.index === values.length;
}

function matches(value: unknown, walk: { values: readonly unknown[]; index: number }): boolean {
  const { values } = walk;
  if (typeof value !== 'object' || value === null) return values[walk.index++] === value;
  if (Array.isArray(value)) {
    if (values[walk.index++] !== arrayStart || values[walk.index++] !== value.length) return false;
    for (let item = 0; item < value.length; item += 1) if (!matches(value[item], walk)) return false;
    return values[walk.index++] === end;
  }
  if (values[walk.index++] !== objectStart) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (values[walk.index++] !== key || !matches((value as Record<string, unknown>)[key], walk)) return false;
  }
  return values[walk.index++] === end;
}
