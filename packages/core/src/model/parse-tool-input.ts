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
