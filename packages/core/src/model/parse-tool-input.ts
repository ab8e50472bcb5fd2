import type { JsonValue } from '../json-value.js';

/** Tool arguments read from the model's text: the parsed input, or `{}` and why the text did not parse. */
export type ParsedToolInput =
  { input: JsonValue } | { input: Record<string, never>; rawInput: string; inputError: string };

/**
 * How deep arguments may nest (as serde_json's default). Far deeper than any tool needs, and shallow enough that
 * every recursive step after parsing (schema validation, `structuredClone`, `JSON.stringify` into the next
 * request) stays well inside the stack: `JSON.parse` reads 5,000 levels, but `JSON.stringify` cannot write them.
 */
const maxInputDepth = 128;

/**
 * Parses the arguments a model streamed for a tool call. Empty text means no arguments (`{}`), as several
 * APIs send it; text that is not JSON, or nests deeper than 128 levels, is kept as `rawInput` with an
 * `inputError`, so the loop can tell the model what went wrong instead of running the tool.
 */
export function parseToolInput(text: string): ParsedToolInput {
  if (text.trim() === '') return { input: {} };
  if (nestsDeeperThan(text, maxInputDepth)) {
    return {
      input: {},
      rawInput: text,
      inputError: `the arguments are nested deeper than ${maxInputDepth} levels`,
    };
  }
  try {
    return { input: JSON.parse(text) as JsonValue };
  } catch (error) {
    return {
      input: {},
      rawInput: text,
      inputError: `the arguments are not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/**
 * Tool arguments a provider received already parsed, as an object inside the response's JSON (Gemini's
 * `functionCall.args`, Ollama's `arguments`): kept as they are, unless they nest deeper than `parseToolInput`
 * lets text nest (128 levels). Those get `{}` and the same `inputError`, so the loop tells the model, as it does
 * for text arguments, instead of the stream or the tool failing on a stack overflow. The depth is measured
 * without recursion: no nesting a server sends can overflow the check itself.
 */
export function readToolInputValue(
  value: JsonValue,
): { input: JsonValue } | { input: Record<string, never>; inputError: string } {
  return valueNestsDeeperThan(value, maxInputDepth)
    ? { input: {}, inputError: `the arguments are nested deeper than ${maxInputDepth} levels` }
    : { input: value };
}

/**
 * Whether the arrays and objects of a value nest deeper than `limit` (the outermost is level 1, as its first
 * bracket is in text). Depth first with a list of what is left to visit; a value that reaches itself (never
 * parsed JSON) is past any limit.
 */
function valueNestsDeeperThan(value: unknown, limit: number): boolean {
  const left: Array<{ value: object; depth: number }> = [];
  const add = (item: unknown, depth: number): boolean => {
    if (typeof item !== 'object' || item === null) return false;
    if (depth > limit) return true;
    left.push({ value: item, depth });
    return false;
  };
  if (add(value, 1)) return true;
  for (let next = left.pop(); next !== undefined; next = left.pop()) {
    const items = Array.isArray(next.value) ? (next.value as unknown[]) : Object.values(next.value);
    for (const item of items) if (add(item, next.depth + 1)) return true;
  }
  return false;
}

/** Whether the arrays and objects in JSON text nest deeper than `limit`, in one pass, skipping strings. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '[' || character === '{') {
      depth++;
      if (depth > limit) return true;
    } else if (character === ']' || character === '}') {
      depth--;
    }
  }
  return false;
}
