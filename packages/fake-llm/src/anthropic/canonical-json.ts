/**
 * The canonical JSON of a value as `JSON.parse` makes them (a request body's): object keys sorted, `cache_control`
 * left out, at any depth. Two blocks with the same canonical JSON are the same prompt content to the prompt
 * cache, wherever a breakpoint sits and whatever order their fields were written in.
 */
export function toCanonicalJson(value: unknown): string {
  const pieces: string[] = [];
  writeCanonicalJson(value, (piece) => pieces.push(piece));
  return pieces.join('');
}

/**
 * Writes `toCanonicalJson(value)` piece by piece (into a hash, say), never as one text: a 1 MB tool result is
 * one piece of its own, not copied into a text of the whole block first.
 */
export function writeCanonicalJson(value: unknown, write: (piece: string) => void): void {
  if (typeof value !== 'object' || value === null) {
    // JSON writes nothing for undefined (an array writes null in its place), whatever its type says.
    const text = JSON.stringify(value) as string | undefined;
    write(text ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    write('[');
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) write(',');
      writeCanonicalJson((value as unknown[])[index], write);
    }
    write(']');
    return;
  }
  write('{');
  let fields = 0;
  for (const name of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[name];
    if (name === 'cache_control' || !isWritten(field)) continue;
    write(`${fields === 0 ? '' : ','}${JSON.stringify(name)}:`);
    writeCanonicalJson(field, write);
    fields += 1;
  }
  write('}');
}

/**
 * Whether `toCanonicalJson(left) === toCanonicalJson(right)`, found without writing either: the same fields in
 * any order, `cache_control` left out, at any depth. Stops at the first difference; a long string is compared,
 * not escaped and copied. A block whose only change is a breakpoint that moved off it is the same.
 */
export function isSameCanonicalJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  const leftIsObject = typeof left === 'object' && left !== null;
  const rightIsObject = typeof right === 'object' && right !== null;
  // Values JSON does not write (undefined, a function) stand in a list as null, as `writeCanonicalJson` has it.
  if (!leftIsObject || !rightIsObject)
    return !leftIsObject && !rightIsObject && asWritten(left) === asWritten(right);
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index += 1) {
      if (!isSameCanonicalJson((left as unknown[])[index], (right as unknown[])[index])) return false;
    }
    return true;
  }
  const leftFields = left as Record<string, unknown>;
  const rightFields = right as Record<string, unknown>;
  let unmatched = 0;
  for (const name of Object.keys(leftFields)) {
    const field = leftFields[name];
    if (name === 'cache_control' || !isWritten(field)) continue;
    unmatched += 1;
    // The other side writes the field too: its own, enumerable (as `Object.keys` lists them), and a value JSON
    // writes (an undefined field is left out, not written as null).
    if (!isWrittenField(rightFields, name) || !isSameCanonicalJson(field, rightFields[name])) return false;
  }
  for (const name of Object.keys(rightFields)) {
    if (name !== 'cache_control' && isWritten(rightFields[name])) unmatched -= 1;
  }
  return unmatched === 0;
}

/** Whether `toCanonicalJson` writes the field `name` of `fields`. */
function isWrittenField(fields: Record<string, unknown>, name: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(fields, name) && isWritten(fields[name]);
}

/** A value as JSON writes it in a list: null for what it does not write. */
function asWritten(value: unknown): unknown {
  return isWritten(value) ? value : null;
}

/**
 * The length of `toCanonicalJson(value)` from `json`, the value's plain JSON text: sorting keys changes their
 * order, not the length, so it is the text's less what each `cache_control` field takes (with its comma). A
 * string that mentions the field is written with escaped quotes: only a real field sends it the long way.
 */
export function canonicalJsonLength(json: string, value: unknown): number {
  return json.includes('"cache_control":') ? json.length - cacheControlLength(value) : json.length;
}

/** The characters the `cache_control` fields in `value`'s JSON take, each with the comma that separates it. */
function cacheControlLength(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (Array.isArray(value)) {
    let length = 0;
    for (const item of value as unknown[]) length += cacheControlLength(item);
    return length;
  }
  let length = 0;
  let fields = 0;
  let cacheControl: number | undefined;
  for (const [name, field] of Object.entries(value)) {
    if (!isWritten(field)) continue;
    fields += 1;
    if (name === 'cache_control') cacheControl = `"cache_control":${JSON.stringify(field)}`.length;
    else length += cacheControlLength(field);
  }
  if (cacheControl === undefined) return length;
  return length + cacheControl + (fields > 1 ? 1 : 0);
}

/** Whether JSON writes an object field with this value. */
function isWritten(field: unknown): boolean {
  return field !== undefined && typeof field !== 'function' && typeof field !== 'symbol';
}
