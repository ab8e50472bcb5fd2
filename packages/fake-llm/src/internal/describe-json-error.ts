/**
 * Where `JSON.parse` failed, without quoting the text (V8 quotes part of it, and a body may hold secrets):
 * ` at position 12`, ` (it ends too early)`, or nothing.
 */
export function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /at position (\d+)/u.exec(message)?.[1];
  if (position !== undefined) return ` at position ${position}`;
  if (message.startsWith('Unexpected end of JSON input')) return ' (it ends too early)';
  return '';
}
