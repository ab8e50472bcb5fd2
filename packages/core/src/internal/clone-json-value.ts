/** Deeper than any input `parseToolInput` lets through (128 levels); past it, the copy is `structuredClone`'s. */
const maxCopiedDepth = 256;
/**
 * Objects, lists and list items copied in JavaScript before the copy is left to `structuredClone`: far more than
 * arguments hold.
 */
const maxCopiedValues = 10_000;

/**
 * A deep copy of a JSON value (a tool call's arguments): plain objects and arrays are copied, everything else is
 * immutable and kept. Several times faster than `structuredClone` for the small objects arguments are, which the
 * loop copies once per call. A value that is not plain JSON is copied by `structuredClone` instead, with its
 * rules and its errors: a custom model's `Date` or `Map`, an array with holes, an object reached twice (a cycle,
 * or shared), nesting past 256 levels, more than 10,000 objects, lists and list items.
 */
export function cloneJsonValue<T>(value: T): T {
  const copy = copyPlain(value, 0, { valuesLeft: maxCopiedValues, seen: new Set() });
  return copy === notPlain ? structuredClone(value) : (copy as T);
}

const notPlain = Symbol('not plain JSON');

/** How much of the copy is left to make, and the objects it has reached. */
interface CopyBudget {
  valuesLeft: number;
  seen: Set<object>;
}

function copyPlain(value: unknown, depth: number, budget: CopyBudget): unknown {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint'
      ? notPlain
      : value;
  }
  budget.valuesLeft -= 1;
  if (depth >= maxCopiedDepth || budget.valuesLeft < 0 || budget.seen.has(value)) return notPlain;
  budget.seen.add(value);
  if (Array.isArray(value)) {
    budget.valuesLeft -= value.length;
    if (budget.valuesLeft < 0) return notPlain;
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      // A hole is not JSON (JSON.parse fills none), and structuredClone keeps it a hole.
      if (!(index in value)) return notPlain;
      const item = copyPlain(value[index], depth + 1, budget);
      if (item === notPlain) return notPlain;
      copy[index] = item;
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return notPlain;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyPlain((value as Record<string, unknown>)[key], depth + 1, budget);
    if (item === notPlain) return notPlain;
    // A key named __proto__ (JSON.parse makes it an own property) stays a property, not the copy's prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}
