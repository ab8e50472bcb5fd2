/** Makes text fit in an id the real API accepts back (`^[a-zA-Z0-9_-]+$`). */
export function toIdSafe(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/gu, '_');
}
