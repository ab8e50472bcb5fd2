import { escapeControlCharacters } from '../escape-control-characters.js';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text safe in HTML element content and in quoted attributes. Scenario content is untrusted, so every piece
 * of it goes through here; control characters become visible `\uXXXX` escapes.
 */
export function escapeHtml(text: string): string {
  return escapeControlCharacters(text).replace(/[&<>"']/g, (character) => entities[character] ?? character);
}
