import type { JsonValue } from '../json-value.js';

/** A tool call written the way the model writes one: strings as they are, other values as JSON. */
export function formatXmlToolCall({ name, input }: { name: string; input: JsonValue }): string {
  const params =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? Object.entries(input).map(
          ([param, value]) =>
            `<param:${param}>${typeof value === 'string' ? value : JSON.stringify(value)}</param:${param}>`,
        )
      : [];
  return [`<tool:${name}>`, ...params, `</tool:${name}>`].join('\n');
}
