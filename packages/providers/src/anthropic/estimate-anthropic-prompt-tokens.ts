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
 * stay far below the model's minimum for caching.
 */
export function mayReachAnthropicPromptTokens(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>,
  tokens: number,
): boolean {
  const { tools, system, messages } = params;
  // The estimate rounds bytes / 3 up: it reaches `tokens` once the JSON has more than 3 × (tokens − 1) bytes.
  return jsonBytesLeft({ tools, system, messages }, 3 * (tokens - 1)) < 0;
}

/**
 * Whether a request's estimate (`estimateAnthropicPromptTokens`) reaches `tokens`, decided as soon as the answer is
 * known: no when a bound from above on its JSON's bytes stays below (`mayReachAnthropicPromptTokens`), yes once a
 * bound from below passes them — each walk stops there, so a long conversation or a large tool result is decided
 * after a few kilobytes of it, whatever its size — and only between the two bounds by writing the JSON. A loop
 * asks this of every request, to decide on cache breakpoints.
 */
export function reachesAnthropicPromptTokens(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>,
  tokens: number,
): boolean {
  if (!mayReachAnthropicPromptTokens(params, tokens)) return false;
  const { tools, system, messages } = params;
  // The estimate, a whole number, reaches `tokens` once the JSON has more than 3 × (⌈tokens⌉ − 1) bytes.
  if (jsonBytesBeyond({ tools, system, messages }, 3 * (Math.ceil(tokens) - 1)) < 0) return true;
  return estimateAnthropicPromptTokens(params) >= tokens;
}

/**
 * `budget` minus a bound from below on the UTF-8 bytes of `value`'s JSON (never more than it has: a byte for each
 * UTF-16 unit of a string, one for a number, four for `true`, `null`, five for `false`); stops once below zero. A
 * field whose value JSON leaves out (undefined, a function, a symbol) counts nothing, and neither does a value
 * with a JSON form of its own, which may write anything, or nothing.
 */
function jsonBytesBeyond(value: unknown, budget: number): number {
  if (typeof value === 'string') return budget - value.length - 2;
  if (typeof value === 'number') return budget - 1;
  if (typeof value === 'boolean') return budget - (value ? 4 : 5);
  if (value === null) return budget - 4;
  if (typeof value !== 'object') return budget;
  const prototype: unknown = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== Array.prototype) || 'toJSON' in value) return budget;
  let left = budget - 2;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      // Commas between the elements; an element JSON leaves out is written as null.
      left = jsonBytesBeyond((value as unknown[])[index], left - (index === 0 ? 0 : 1));
      if (left < 0) return left;
    }
    return left;
  }
  let fields = 0;
  // Own fields only: JSON.stringify writes no inherited one.
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    // A field is counted only when JSON surely writes it: a value with a JSON form of its own may be left out.
    if (!isSurelyWritten(field)) continue;
    left = jsonBytesBeyond(field, left - key.length - 3 - (fields === 0 ? 0 : 1));
    fields += 1;
    if (left < 0) return left;
  }
  return left;
}

/** Whether JSON.stringify surely writes a field with this value: a JSON primitive, or a plain object or list. */
function isSurelyWritten(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return true;
  if (typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === Array.prototype) && !('toJSON' in value);
}

/**
 * `budget` minus a bound on the UTF-8 bytes of `value`'s JSON (never fewer than it has); stops once below zero.
 * A value that is not plain JSON (a boxed primitive, a value with its own `toJSON`, a BigInt, a function, a class
 * instance) is not bounded here: it answers below zero, and the whole estimate decides.
 */
function jsonBytesLeft(value: unknown, budget: number): number {
  if (typeof value === 'string') return budget - 6 * value.length - 2;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return budget - 25;
  if (typeof value !== 'object') return -1;
  // Only plain objects and lists are walked: another prototype, or a toJSON of their own, may write anything.
  const prototype: unknown = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== Array.prototype) || 'toJSON' in value) return -1;
  let left = budget - 2;
  if (Array.isArray(value)) {
    // By index, as JSON.stringify reads an array (an iterator of its own could say otherwise).
    for (let index = 0; index < value.length; index += 1) {
      left = jsonBytesLeft((value as unknown[])[index], left - 1);
      if (left < 0) return left;
    }
    return left;
  }
  // for…in lists no array of keys (Object.keys would, for every object of every request); an inherited
  // enumerable field it also counts only makes the bound higher.
  for (const key in value) {
    left = jsonBytesLeft((value as Record<string, unknown>)[key], left - 6 * key.length - 4);
    if (left < 0) return left;
  }
  return left;
}
