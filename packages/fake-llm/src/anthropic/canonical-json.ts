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
