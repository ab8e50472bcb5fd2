import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { JsonObject } from '../json-value.js';
import type { ToolOutput } from '../model/messages.js';

/** Marks a value a tool returned as content blocks to pass on as they are; works across copies of the package. */
const toolOutputMarker = Symbol.for('toolloop.toolOutput');

/**
 * Says that a tool's return value is content for the model — text, images, resources, an `isError` flag — to
 * pass on as it is. Without it, whatever a tool returns is data: a string is sent as text, anything else as JSON.
 *
 * @example
 * execute: async ({ url }) =>
 *   createToolOutput({ content: [{ type: 'image', data: await screenshot(url), mediaType: 'image/png' }] })
 */
export function createToolOutput(output: ToolOutput): ToolOutput {
  checkContent(output.content);
  const marked: ToolOutput = { ...output, content: [...output.content] };
  Object.defineProperty(marked, toolOutputMarker, { value: true });
  return marked;
}

/**
 * Turns what a tool's `execute` returned into a `ToolOutput`: a value made with `createToolOutput` is kept as it
 * is, a string becomes text, and any other value is sent as JSON text (objects also as `structuredContent`).
 * The shape of a value never decides: `{ content: [], total: 0 }` is data like any other object.
 */
export function toToolOutput(value: unknown): ToolOutput {
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined) return { content: [] };
  if (isMarkedToolOutput(value)) return toPlainToolOutput(value);
  // A Map or a Set would become "{}": its entries are what the tool meant.
  const data = value instanceof Map || value instanceof Set ? [...value] : value;
  // Functions and symbols have no JSON form; say so rather than send the model nothing.
  const text = (JSON.stringify(data) as string | undefined) ?? `(a ${typeof value} value that is not JSON)`;
  const output: ToolOutput = { content: [{ type: 'text', text }] };
  // Structured content is an object by definition; a Date or a toJSON() may well turn into something else.
  const json: unknown = typeof data === 'object' && data !== null ? JSON.parse(text) : undefined;
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    output.structuredContent = json as JsonObject;
  }
  return output;
}

function isMarkedToolOutput(value: unknown): value is ToolOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[toolOutputMarker] === true
  );
}

/** The output without its marker, so transcripts and reports hold plain JSON. */
function toPlainToolOutput({ content, structuredContent, isError }: ToolOutput): ToolOutput {
  const output: ToolOutput = { content };
  if (structuredContent !== undefined) output.structuredContent = structuredContent;
  if (isError !== undefined) output.isError = isError;
  return output;
}

const blockTypes = ['text', 'image', 'resource-link', 'resource'];

/** Checks content blocks where they are made, so a mistake names its block instead of failing at the provider. */
function checkContent(content: unknown): void {
  const fail = (argument: string, message: string) => {
    throw new InvalidArgumentError({ argument, message });
  };
  if (!Array.isArray(content)) {
    return fail('content', `expected a list of content blocks (${blockTypes.join(', ')}).`);
  }
  content.forEach((block: unknown, index) => {
    const argument = `content[${index}]`;
    if (typeof block !== 'object' || block === null)
      return fail(argument, 'expected a content block object.');
    const fields = block as Record<string, unknown>;
    switch (fields.type) {
      case 'text':
        if (typeof fields.text !== 'string') fail(argument, 'a text block needs its text as a string.');
        return;
      case 'image':
        if (typeof fields.data !== 'string' || typeof fields.mediaType !== 'string') {
          fail(argument, 'an image block needs data (base64) and mediaType as strings.');
        }
        return;
      case 'resource-link':
      case 'resource':
        if (typeof fields.uri !== 'string')
          fail(argument, `a ${fields.type} block needs its uri as a string.`);
        return;
      default:
        return fail(argument, `unknown block type '${String(fields.type)}' (${blockTypes.join(', ')}).`);
    }
  });
}
