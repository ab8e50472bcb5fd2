import { escapeLine } from '../escape-control-characters.js';
import type { Colors } from './colors.js';

/** Counts for the live progress line. */
export interface ProgressCounts {
  done: number;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * The live progress line, `▸ 12/40 passed 11 failed 1 · slowest running scenario`, cut to `columns` so it
 * never wraps (a wrapped line cannot be rewritten in place).
 */
export function formatProgressLine({
  counts,
  running,
  columns,
  colors,
}: {
  counts: ProgressCounts;
  /** The name of a scenario still running, if any. */
  running: string | undefined;
  columns: number;
  colors: Colors;
}): string {
  const parts: { plain: string; colored: string }[] = [
    { plain: `▸ ${counts.done}/${counts.total}`, colored: colors.bold(`▸ ${counts.done}/${counts.total}`) },
    { plain: ` passed ${counts.passed}`, colored: ` ${colors.green(`passed ${counts.passed}`)}` },
    {
      plain: ` failed ${counts.failed}`,
      colored: ` ${counts.failed > 0 ? colors.red(`failed ${counts.failed}`) : `failed ${counts.failed}`}`,
    },
  ];
  if (counts.skipped > 0) {
    parts.push({
      plain: ` skipped ${counts.skipped}`,
      colored: ` ${colors.yellow(`skipped ${counts.skipped}`)}`,
    });
  }
  const prefix = parts.map((part) => part.plain).join('');
  const colored = parts.map((part) => part.colored).join('');
  // One column stays free: writing into the last one makes some terminals wrap.
  const room = columns - 1 - prefix.length - ' · '.length;
  if (running === undefined || room < 4) return colored;
  const name = escapeLine(running);
  const shown = name.length <= room ? name : `${name.slice(0, room - 1)}…`;
  return `${colored}${colors.dim(` · ${shown}`)}`;
}
