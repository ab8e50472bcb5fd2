import type { Usage } from '../model/usage.js';

const textParts = new Set(['text-delta', 'thinking-delta', 'text', 'thinking']);
const knownParts = new Set([...textParts, 'redacted-thinking', 'tool-call', 'warning', 'finish']);

/**
 * What is wrong with a part a model streamed, in words that finish "The <provider> model <id> sent …", or
 * `undefined` when it has the shape the `Model` contract promises. Providers of this package always pass; the
 * check is for custom models, whose mistakes would otherwise crash the turn far from their cause.
 */
export function describeMalformedPart(part: unknown): string | undefined {
  try {
    if (typeof part !== 'object' || part === null) return 'a stream part that is not an object';
    const fields = part as Record<string, unknown>;
    const type = fields.type;
    if (typeof type !== 'string' || !knownParts.has(type)) {
      return `a stream part of unknown type ${typeof type === 'string' ? `'${type}'` : `(${typeof type})`}`;
    }
    if (textParts.has(type) && typeof fields.text !== 'string') return `a '${type}' part without text`;
    if (type === 'redacted-thinking' && typeof fields.data !== 'string') {
      return "a 'redacted-thinking' part without data";
    }
    if (type === 'tool-call') return describeMalformedToolCall(fields);
    if (type === 'finish') return describeMalformedFinish(fields);
    return undefined;
  } catch {
    return 'a stream part that cannot be read';
  }
}

function describeMalformedToolCall(call: Record<string, unknown>): string | undefined {
  if (typeof call.id !== 'string' || call.id === '') return 'a tool call without an id';
  if (typeof call.name !== 'string' || call.name === '') return `a tool call (${call.id}) without a name`;
  const input = call.input;
  if (
    input === undefined ||
    typeof input === 'function' ||
    typeof input === 'symbol' ||
    typeof input === 'bigint'
  ) {
    return `a tool call (${call.id}) whose input is not a JSON value`;
  }
  return undefined;
}

function describeMalformedFinish(finish: Record<string, unknown>): string | undefined {
  if (typeof finish.finishReason !== 'string') return 'a finish part without a finish reason';
  const usage: unknown = finish.usage;
  if (typeof usage !== 'object' || usage === null) return 'a finish part without usage';
  const { inputTokens, outputTokens } = usage as Record<string, unknown>;
  if (inputTokens === undefined || outputTokens === undefined) {
    return 'a finish part whose usage has no inputTokens and outputTokens';
  }
  // Budgets, context estimates and costs add these up: one count that is not a number of tokens spoils them all.
  for (const field of countedTokens) {
    const count = (usage as Record<string, unknown>)[field];
    // inputTokens and outputTokens are there by now; the other counts are optional.
    if (count === undefined) continue;
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) {
      return `a finish part whose usage counts ${field} as ${describeCount(count)}, not a number of at least 0`;
    }
  }
  return undefined;
}

const countedTokens = [
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'reasoningTokens',
] as const satisfies ReadonlyArray<keyof Usage>;

function describeCount(count: unknown): string {
  if (typeof count === 'number') return String(count);
  if (typeof count === 'string' || typeof count === 'boolean' || count === null) return JSON.stringify(count);
  return typeof count;
}
