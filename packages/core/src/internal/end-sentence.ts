/** `text` as a sentence of an error message: a full stop added unless it already ends one (`.`, `!`, `?`). */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}
