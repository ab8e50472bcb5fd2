import type { JsonValue } from '../json-value.js';

/** Tool arguments read from the model's text: the parsed input, or `{}` and why the text did not parse. */
export type ParsedToolInput =
  { input: JsonValue } | { input: Record<string, never>; rawInput: string; inputError: string };

/**
 * Parses the arguments a model streamed for a tool call. Empty text means no arguments (`{}`), as several
 * APIs send it; text that is not JSON is kept as `rawInput` with an `inputError`, so the loop can tell the
 * model what went wrong instead of running the tool.
 */
export function parseToolInput(text: string): ParsedToolInput {
  if (text.trim() === '') return { input: {} };
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
