import { escapeControlCharacters } from '../escape-control-characters.js';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // In an attribute a raw newline or tab is normalized to a space; character references keep them.
  '\n': '&#10;',
  '\t': '&#9;',
};

/**
 * Text safe inside an XML element or a quoted attribute: markup characters as entities, and characters XML
 * 1.0 cannot carry at all (most control characters, lone surrogates) as visible `\uXXXX` escapes.
 */
export function escapeXml(text: string, { attribute = false }: { attribute?: boolean } = {}): string {
  const pattern = attribute ? /[&<>"'\n\t]/g : /[&<>"']/g;
  return escapeControlCharacters(text).replace(pattern, (character) => entities[character] ?? character);
}
