import { readFileSync } from 'node:fs';

/**
 * Which of these processes are still running, read from /proc (Linux). A zombie has ended and only waits to
 * be reaped, which an init that does not reap orphans (as in some containers) never does: it does not count.
 */
export function stillRunning(processIds: readonly number[]): number[] {
  return processIds.filter((processId) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${processId}/stat`, 'utf8');
    } catch {
      return false;
    }
    // "pid (command) state ...": the command may hold spaces and parentheses, so read after the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  });
}

/** The process id a fake server wrote to its `--pid-file`. */
export function readProcessId(pidFile: string): number {
  return Number(readFileSync(pidFile, 'utf8'));
}

/**
 * Checks `condition` every 10 ms until it holds, failing with `what` after `timeoutMs`: for a state of
 * another process (a file it writes) that no event of ours announces.
 */
export async function waitFor(
  condition: () => boolean,
  { what, timeoutMs = 5_000 }: { what: string; timeoutMs?: number },
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
