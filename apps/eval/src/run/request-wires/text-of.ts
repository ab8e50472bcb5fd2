/** The text of a string or a list of blocks (`{ text }`, a Messages API `tool_result` read inside), joined by lines. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) => {
      if (typeof block !== 'object' || block === null) return '';
      const { type, text, content: inner } = block as { type?: unknown; text?: unknown; content?: unknown };
      return typeof text === 'string' ? text : type === 'tool_result' ? textOf(inner) : '';
    })
    .filter((text) => text !== '')
    .join('\n');
}
