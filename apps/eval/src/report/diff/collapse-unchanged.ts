import type { DiffLine } from './diff-lines.js';

/** A diff line, or a marker standing for a run of unchanged lines left out. */
export type CollapsedDiffLine = DiffLine | { type: 'skipped'; count: number };

/**
 * Keeps `context` unchanged lines around each change and replaces longer unchanged runs with a marker
 * (a run of one line is kept: the marker would take as much room).
 */
export function collapseUnchanged({
  lines,
  context = 3,
}: {
  lines: DiffLine[];
  context?: number;
}): CollapsedDiffLine[] {
  const changed = lines.map((line) => line.type !== 'equal');
  const keep = lines.map((_, index) =>
    changed.slice(Math.max(0, index - context), index + context + 1).some(Boolean),
  );
  const collapsed: CollapsedDiffLine[] = [];
  let index = 0;
  while (index < lines.length) {
    let runEnd = index;
    while (runEnd < lines.length && keep[runEnd] === false) runEnd++;
    if (runEnd - index >= 2) {
      collapsed.push({ type: 'skipped', count: runEnd - index });
      index = runEnd;
    } else {
      const line = lines[index];
      if (line !== undefined) collapsed.push(line);
      index++;
    }
  }
  return collapsed;
}
