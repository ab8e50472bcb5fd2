import { readFileSync } from 'node:fs';

/**
 * This process's own peak resident set size, in kilobytes. On Linux that is the kernel's `VmHWM`: `maxRSS`
 * (`getrusage`) keeps the pages of the process that started this one until this one runs its own program, so a
 * process started by a large one reports at least that one's size. Elsewhere, `maxRSS`.
 *
 * On Linux a missing `VmHWM` is an error, not the inflated figure. The start benchmark's `--import` hook imports
 * the built module into each command it measures.
 */
export function readOwnPeakRssKilobytes(): number {
  if (process.platform !== 'linux') return process.resourceUsage().maxRSS;
  const found = /^VmHWM:\s+(\d+) kB$/mu.exec(readFileSync('/proc/self/status', 'utf8'));
  if (found?.[1] === undefined)
    throw new Error('No VmHWM line in /proc/self/status: cannot read the peak memory.');
  return Number(found[1]);
}
