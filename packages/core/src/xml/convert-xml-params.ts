import { parseToolInput } from '../model/parse-tool-input.js';
import type { JsonObject, JsonValue } from '../json-value.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * Turns the text values of a tool block into the tool's input, by its JSON Schema: numbers, integers and
 * booleans are read as such, objects and arrays as JSON, anything else stays text. A value that does not read
 * as its declared type is reported, so the model can be told.
 */
export function convertXmlParams({
  params,
  tool,
}: {
  params: Record<string, string>;
  tool: ToolDefinition | undefined;
}): { input: JsonObject } | { input: JsonObject; error: string } {
  const properties = (tool?.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
  const input: JsonObject = {};
  const problems: string[] = [];
  for (const [name, text] of Object.entries(params)) {
    const type = properties[name]?.type;
    const value = convertValue(text, typeof type === 'string' ? type : undefined);
    if (value === undefined)
      problems.push(`parameter '${name}' should be ${String(type)}, got ${JSON.stringify(text)}`);
    else input[name] = value;
  }
  return problems.length === 0 ? { input } : { input, error: problems.join('; ') };
}

function convertValue(text: string, type: string | undefined): JsonValue | undefined {
  const trimmed = text.trim();
  switch (type) {
    case 'number':
    case 'integer': {
      const number = Number(trimmed);
      return trimmed !== '' && Number.isFinite(number) && (type === 'number' || Number.isInteger(number))
        ? number
        : undefined;
    }
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
    case 'object':
    case 'array': {
      // The same reading as native tool arguments: not JSON, or nested too deep to write back, is no value.
      const parsed = trimmed === '' ? undefined : parseToolInput(trimmed);
      if (parsed === undefined || 'inputError' in parsed) return undefined;
      const value = parsed.input;
      return (type === 'array') === Array.isArray(value) && typeof value === 'object' && value !== null
        ? value
        : undefined;
    }
    case 'string':
    case undefined:
    default:
      // Strings keep their inner text; one newline around it, from writing the tags on their own lines, goes.
      return text.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  }
}
