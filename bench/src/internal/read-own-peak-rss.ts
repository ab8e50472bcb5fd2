import { readFileSync } from 'node:fs';

/**
 * This process's own peak resident set size, in kilobytes. On Linux that is the kernel's `VmHWM`: `maxRSS`
 * (`getrusage`) keeps the pages of the process that started this one until this one runs its own program, so a
 * process started by a large one reports at least that one's size. Elsewhere, `maxRSS`.
 *
 * Self-contained (it uses only `readFileSync` and `process`), so that a generated `--import` hook can carry its
 * source.
 */
export function readOwnPeakRssKilobytes(): number {
  try {
    const found = /^VmHWM:\s+(\d+) kB$/mu.exec(readFileSync('/proc/self/status', 'utf8'));
    if (found?.[1] !== undefined) return Number(found[1]);
  } catch {
    // No /proc (macOS, Windows): maxRSS below.
  }
  return process.resourceUsage().maxRSS;
}
