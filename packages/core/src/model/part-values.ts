/**
 * A part's values in one flat list, depth first (each object as itself, its keys and values, its end; arrays
 * alike), and the walk that tells whether a part is still made of them: what the memos of earlier messages keep
 * and check, so that a part edited in place at any depth is seen.
 *
 * Objects are kept as themselves, not only their values: what a memo made from a part (a converted block) may
 * hold the part's objects, a call's input as it is. Were an object replaced by an equal copy and the dropped one
 * then edited, a memo that compared values alone would give what holds the edited object. So a part is made of
 * its values only in the very objects it had: an object replaced, even by an equal copy, is a change.
 */

/** Where an object's fields end in a part's flattened values, so that a moved field cannot match. */
const end = Symbol('end');

/** The part's values, depth first: each object as itself, its keys and values, its end; arrays alike. */
export function flatten(part: object): unknown[] {
  const values: unknown[] = [];
  flattenInto(values, part);
  return values;
}

/** Adds the part's values to the end of `values`. */
export function flattenInto(values: unknown[], part: object): void {
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) {
      values.push(value);
    } else if (Array.isArray(value)) {
      values.push(value, value.length);
      for (const item of value as unknown[]) visit(item);
      values.push(end);
    } else {
      values.push(value);
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
 * Whether `part`, walked as `flatten` walks it, gives `values` again, in the same objects; stops at the first
 * difference. A loop asks this of every earlier part before every request: it allocates nothing (`for…in` where
 * `Object.keys` would make an array of each object's keys).
 */
export function isMadeOf(part: object, values: readonly unknown[]): boolean {
  const walk = { values, index: 0 };
  return matches(part, walk) && walk.index === values.length;
}

/** Whether `value` gives the values from `walk.index` on; moves `walk.index` past what it read. */
export function matches(value: unknown, walk: { values: readonly unknown[]; index: number }): boolean {
  const { values } = walk;
  if (typeof value !== 'object' || value === null) return values[walk.index++] === value;
  if (Array.isArray(value)) {
    if (values[walk.index++] !== value || values[walk.index++] !== value.length) return false;
    for (let item = 0; item < value.length; item += 1) if (!matches(value[item], walk)) return false;
    return values[walk.index++] === end;
  }
  if (values[walk.index++] !== value) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (values[walk.index++] !== key || !matches((value as Record<string, unknown>)[key], walk)) return false;
  }
  return values[walk.index++] === end;
}
