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
 * for text arguments, instead of the stream or the tool failing on a stack overflow. The loop itself holds every
 * call's input to it, whatever model or wrapper made the call. The depth is measured without recursion (no
 * nesting can overflow the check itself), each object once however many times it is shared.
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
 * bracket is in text). Depth first along an explicit path, so no depth overflows the stack; each object's height
 * is kept once known, so a value that shares an object (which parsed JSON never does, a custom model's may) is
 * walked once per object, not once per path to it. A value that reaches itself nests without end.
 */
function valueNestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  /** The objects from the value down to the one being walked, with the children left and the height so far. */
  const path: Array<{ object: object; children: readonly unknown[]; next: number; height: number }> = [];
  const onPath = new Set<object>();
  const heights = new Map<object, number>();
  /** Walks `object` next, one level below the path; whether that is past the limit (or a way round). */
  const enter = (object: object): boolean => {
    if (path.length + 1 > limit || onPath.has(object)) return true;
    onPath.add(object);
    const children = Array.isArray(object) ? (object as unknown[]) : Object.values(object);
    path.push({ object, children, next: 0, height: 1 });
    return false;
  };
  if (enter(value)) return true;
  for (let step = path.at(-1); step !== undefined; step = path.at(-1)) {
    const child = step.children[step.next];
    step.next += 1;
    if (step.next > step.children.length) {
      path.pop();
      onPath.delete(step.object);
      heights.set(step.object, step.height);
      const parent = path.at(-1);
      if (parent !== undefined) parent.height = Math.max(parent.height, step.height + 1);
    } else if (typeof child === 'object' && child !== null) {
      const height = heights.get(child);
      if (height === undefined) {
        if (enter(child)) return true;
      } else {
        // Its deepest level: the path's, one below for the child, and its height below that.
        if (path.length + height > limit) return true;
        step.height = Math.max(step.height, height + 1);
      }
    }
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
