/** Deeper than any input `parseToolInput` lets through (128 levels); past it, the copy is `structuredClone`'s. */
const maxCopiedDepth = 256;

/**
 * A deep copy of a JSON value (a tool call's arguments): plain objects and arrays are copied, everything else is
 * immutable and kept. Several times faster than `structuredClone` for the small objects arguments are, which the
 * loop copies once per call. A value that is not plain JSON (a custom model's `Date`, a `Map`, a cycle, nesting
 * past 256 levels) is copied by `structuredClone` instead, with its rules and its errors.
 */
export function cloneJsonValue<T>(value: T): T {
  const copy = copyPlain(value, 0);
  return copy === notPlain ? structuredClone(value) : (copy as T);
}

const notPlain = Symbol('not plain JSON');

function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint'
      ? notPlain
      : value;
  }
  if (depth >= maxCopiedDepth) return notPlain;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const item = copyPlain(value[index], depth + 1);
      if (item === notPlain) return notPlain;
      copy[index] = item;
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return notPlain;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyPlain((value as Record<string, unknown>)[key], depth + 1);
    if (item === notPlain) return notPlain;
    // A key named __proto__ (JSON.parse makes it an own property) stays a property, not the copy's prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}
