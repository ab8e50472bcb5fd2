/** A user's message as a failure quotes it: on one line, cut short. */
export function quoteUserText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `'${line.length > 60 ? `${line.slice(0, 59)}…` : line}'`;
}
