import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';

const encoder = new TextEncoder();

/**
 * A generous estimate of a request's prompt tokens (tools, system prompt and messages): a token for every three
 * bytes of their JSON. English text runs at about four characters a token, JSON and code nearer three, and
 * non-Latin scripts at about one character (three bytes) a token, so the estimate errs on the high side: it
 * decides whether cache breakpoints are worth sending, and one sent for a prefix too short to cache costs
 * nothing.
 */
export function estimateAnthropicPromptTokens(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>,
): number {
  const { tools, system, messages } = params;
  return Math.ceil(utf8Length(JSON.stringify({ tools, system, messages })) / 3);
}

/**
 * The exact JSON bytes of objects that cannot change, counted once and read again: what a loop's earlier messages
 * are, as their conversion gives them request after request (`convertedMessageBytes`). Only what `set` is given
 * for such an object is kept; any other object is counted each time.
 */
export interface KnownJsonBytes {
  /** The bytes kept for `value`, if any. */
  get(value: object): number | undefined;
  /** Keeps `value`'s bytes, counted whole, if it is an object whose bytes may be kept. */
  set(value: object, bytes: number): void;
}

/** The UTF-8 length of a string, without encoding it where the runtime can count it (Node's `Buffer`). */
function utf8Length(text: string): number {
  return typeof Buffer === 'function' ? Buffer.byteLength(text, 'utf8') : encoder.encode(text).length;
}

/**
 * Whether a request may reach `tokens` by `estimateAnthropicPromptTokens`: `false` only when it surely does not.
 * Walks the request without writing its JSON (several times cheaper than the estimate), bounding each string by
 * six bytes a UTF-16 unit (the longest JSON escape, `\u0000`; no character takes more than three bytes of
 * UTF-8) and each number, boolean or null by 25 (`-0.0000014344407817898972`: JavaScript writes numbers between
 * 1e-6 and 1e-5 in full, 17 digits after five zeros). A loop asks this every request, and most conversations
 * stay far below the model's minimum for caching. An object `known` has counted is not walked again.
 */
export function mayReachAnthropicPromptTokens(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>,
  tokens: number,
  known?: KnownJsonBytes,
): boolean {
  const { tools, system, messages } = params;
  // The estimate rounds bytes / 3 up: it reaches `tokens` once the JSON has more than 3 × (tokens − 1) bytes.
  return jsonBytesLeft({ tools, system, messages }, 3 * (tokens - 1), known) < 0;
}

/**
 * Whether a request's estimate (`estimateAnthropicPromptTokens`) reaches `tokens`, decided as soon as the answer is
 * known: no when a bound from above on its JSON's bytes stays below (`mayReachAnthropicPromptTokens`), yes once a
 * bound from below passes them — each walk stops there, so a long conversation or a large tool result is decided
 * after a few kilobytes of it, whatever its size — and between the two by counting the bytes of its JSON as
 * JSON.stringify would write them, without writing it. Only a request holding a value JSON writes its own way
 * (a `toJSON`, a class instance) is written out. A loop asks this of every request, to decide on cache breakpoints:
 * with `known` (its messages' conversion), each earlier message is read from what its first count kept, so a
 * request costs what it added.
 */
export function reachesAnthropicPromptTokens(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>,
  tokens: number,
  known?: KnownJsonBytes,
): boolean {
  if (!mayReachAnthropicPromptTokens(params, tokens, known)) return false;
  const request = { tools: params.tools, system: params.system, messages: params.messages };
  // The estimate, a whole number, reaches `tokens` once the JSON has more than 3 × (⌈tokens⌉ − 1) bytes.
  const budget = 3 * (Math.ceil(tokens) - 1);
  if (jsonBytesCounted(request, budget, 'at least', known) < 0) return true;
  const left = jsonBytesCounted(request, budget, 'exactly', known);
  if (Number.isNaN(left)) return estimateAnthropicPromptTokens(params) >= tokens;
  return left < 0;
}

/** Printable ASCII but the quote and the backslash: each character one byte of JSON, written as it is. */
const plainJsonText = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `budget` minus the UTF-8 bytes of `value`'s JSON as JSON.stringify writes it (`exactly`), or a bound from below
 * on them (`at least`: a byte for each UTF-16 unit of a string and its quotes, one for a number, nothing for what
 * JSON writes its own way); stops once below zero. `exactly` answers NaN for a value JSON writes its own way (a
 * `toJSON`, an object of another prototype), which only writing it can count, for one JSON writes nothing for
 * where it stands (undefined, a function, a symbol: the fields and array items holding one are counted as JSON
 * writes them), and for a BigInt, which JSON cannot write (the estimate then throws as JSON.stringify does). An
 * object `known` holds is counted as it says (exact, and so a bound from below too); one counted whole exactly is
 * given to it.
 */
function jsonBytesCounted(
  value: unknown,
  budget: number,
  count: 'exactly' | 'at least',
  known: KnownJsonBytes | undefined,
): number {
  const exactly = count === 'exactly';
  if (typeof value === 'string')
    return budget - (exactly ? jsonStringBytes(value, budget) : value.length + 2);
  if (typeof value === 'number')
    return budget - (!exactly ? 1 : Number.isFinite(value) ? String(value).length : 4);
  if (typeof value === 'boolean') return budget - (value ? 4 : 5);
  if (value === null) return budget - 4;
  if (typeof value !== 'object') return exactly ? Number.NaN : budget;
  const counted = known?.get(value);
  if (counted !== undefined) return budget - counted;
  if (writesItsOwnWay(value)) return exactly ? Number.NaN : budget;
  let left = budget - 2;
  if (Array.isArray(value)) {
    // By index, as JSON.stringify reads an array; what it cannot write in an array it writes as null.
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = (value as unknown[])[index];
      left -= index === 0 ? 0 : 1;
      left = isLeftOut(item) ? left - 4 : jsonBytesCounted(item, left, count, known);
      if (!(left >= 0)) return left;
    }
    return left;
  }
  let fields = 0;
  // Own fields only, in Object.keys' order (JSON.stringify writes no inherited one); for…in lists no array of
  // keys, which Object.keys would make for every object of every request.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = (value as Record<string, unknown>)[key];
    if (isLeftOut(field)) continue;
    // A field whose value JSON writes its own way may be left out, name and all: only writing it tells.
    if (typeof field === 'object' && field !== null && writesItsOwnWay(field)) {
      if (exactly) return Number.NaN;
      continue;
    }
    left -= (exactly ? jsonStringBytes(key, left) : key.length + 2) + 1 + (fields === 0 ? 0 : 1);
    if (left < 0) return left;
    left = jsonBytesCounted(field, left, count, known);
    fields += 1;
    if (!(left >= 0)) return left;
  }
  if (exactly) known?.set(value, budget - left);
  return left;
}

/** Whether JSON.stringify writes an object its own way: it has a `toJSON`, or is not a plain object or list. */
function writesItsOwnWay(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype !== Object.prototype && prototype !== Array.prototype) || 'toJSON' in value;
}

/**
 * The bytes of a string's JSON: its length and the quotes for plain text; else written out and counted, unless its
 * length alone is past `budget` (then that is enough to know).
 */
function jsonStringBytes(text: string, budget: number): number {
  if (text.length + 2 > budget || plainJsonText.test(text)) return text.length + 2;
  return utf8Length(JSON.stringify(text));
}

/** A value JSON.stringify leaves out of an object (and writes as null in an array). */
function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * `budget` minus a bound on the UTF-8 bytes of `value`'s JSON (never fewer than it has); stops once below zero.
 * A value that is not plain JSON (a boxed primitive, a value with its own `toJSON`, a BigInt, a function, a class
 * instance) is not bounded here: it answers below zero, and the whole estimate decides. An object `known` holds
 * is bounded by its exact count.
 */
function jsonBytesLeft(value: unknown, budget: number, known: KnownJsonBytes | undefined): number {
  if (typeof value === 'string') return budget - 6 * value.length - 2;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return budget - 25;
  if (typeof value !== 'object') return -1;
  const counted = known?.get(value);
  if (counted !== undefined) return budget - counted;
  // Only plain objects and lists are walked: another prototype, or a toJSON of their own, may write anything.
  const prototype: unknown = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== Array.prototype) || 'toJSON' in value) return -1;
  let left = budget - 2;
  if (Array.isArray(value)) {
    // By index, as JSON.stringify reads an array (an iterator of its own could say otherwise).
    for (let index = 0; index < value.length; index += 1) {
      left = jsonBytesLeft((value as unknown[])[index], left - 1, known);
      if (left < 0) return left;
    }
    return left;
  }
  // for…in lists no array of keys (Object.keys would, for every object of every request); an inherited
  // enumerable field it also counts only makes the bound higher.
  for (const key in value) {
    left = jsonBytesLeft((value as Record<string, unknown>)[key], left - 6 * key.length - 4, known);
    if (left < 0) return left;
  }
  return left;
}
