/**
 * Adds `more` to `lines`, each line after `by`, one at a time: a text a report shows (a long log a tool returned)
 * may have more lines than a call takes arguments.
 */
export function addIndented(lines: string[], more: readonly string[], by: string): void {
  for (const line of more) lines.push(`${by}${line}`);
}
