// C0 controls but tab and newline, DEL, C1 controls, lone surrogates, and the two noncharacters XML forbids.
const unprintable =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Replaces characters that would garble a terminal or are not allowed in XML with a visible `\uXXXX`
 * escape. Tabs and newlines stay. Scenario content is untrusted: an ANSI sequence in a tool result must not
 * repaint the reader's terminal.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(
    unprintable,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `escapeControlCharacters`, and newlines and tabs written `\n` and `\t` too: for text that must stay on its
 * line, such as a `file:line:column path: message` line, where a newline in a scenario's key could forge another.
 */
export function escapeLine(text: string): string {
  return escapeControlCharacters(text).replaceAll('\n', '\\n').replaceAll('\t', '\\t');
}
