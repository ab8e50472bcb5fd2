// The fake's frozen copies of request values: how one is made, and how one is known.

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
