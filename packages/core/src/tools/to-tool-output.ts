import type { JsonObject } from '../json-value.js';
import type { ToolContent, ToolOutput } from '../model/messages.js';

const contentTypes = new Set<string>(['text', 'image', 'resource-link', 'resource']);

/**
 * Turns what a tool's `execute` returned into a `ToolOutput`: a string becomes text, a `ToolOutput` is kept
 * as it is, and any other value is sent as JSON text (objects also as `structuredContent`).
 */
export function toToolOutput(value: unknown): ToolOutput {
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined) return { content: [] };
  if (isToolOutput(value)) return value;
  // Functions and symbols have no JSON form; say so rather than send the model nothing.
  const text = (JSON.stringify(value) as string | undefined) ?? `(a ${typeof value} value that is not JSON)`;
  const output: ToolOutput = { content: [{ type: 'text', text }] };
  if (isPlainObject(value)) output.structuredContent = JSON.parse(text) as JsonObject;
  return output;
}

/** Whether a value already has the shape of a `ToolOutput` (a `content` list of known block types). */
export function isToolOutput(value: unknown): value is ToolOutput {
  if (!isPlainObject(value)) return false;
  const content = value.content;
  return (
    Array.isArray(content) &&
    content.every(
      (block: unknown): block is ToolContent =>
        isPlainObject(block) && typeof block.type === 'string' && contentTypes.has(block.type),
    )
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
