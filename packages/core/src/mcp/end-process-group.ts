import type { ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { isProcessGroupAlive } from './is-process-group-alive.js';
import { settleWithin } from './settle-within.js';

/** How often a signalled process group is checked for members still running: no event reports their end. */
const pollIntervalMs = 20;

/**
 * Ends a stdio server and every process it started, all in the process group of their own that a detached
 * spawn gives them (POSIX). Closing stdin asks the server to exit; after `gracePeriodMs`, SIGTERM asks the
 * whole group; after another, SIGKILL ends it. A server that exits on stdin EOF is done in milliseconds; one
 * that ignores EOF and SIGTERM is killed after two grace periods.
 */
export async function endProcessGroup({
  child,
  gracePeriodMs,
}: {
  child: ChildProcess;
  gracePeriodMs: number;
}): Promise<void> {
  // The server's process id is its group's id; without one, it never started.
  const processGroupId = child.pid;
  if (processGroupId === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => {
            resolve();
          });
        });
  // While the server itself runs, its group does; only once it has exited is the rest of the group looked up.
  const isAlive = async () =>
    (child.exitCode === null && child.signalCode === null) || (await isProcessGroupAlive(processGroupId));
  child.stdin?.end();
  await settleWithin(exited, gracePeriodMs);
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (!(await isAlive())) break;
    signalGroup(processGroupId, signal);
    await waitUntilEnded({ isAlive, timeoutMs: gracePeriodMs });
  }
  // Until its exit is reported, this process still holds the server's process handle.
  await settleWithin(exited, gracePeriodMs);
}

function signalGroup(processGroupId: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-processGroupId, signal);
  } catch {
    // The group ended meanwhile (ESRCH), or a member is not ours to signal (EPERM): nothing more to do here.
  }
}

async function waitUntilEnded(options: {
  isAlive: () => Promise<boolean>;
  timeoutMs: number;
}): Promise<void> {
  const deadline = performance.now() + options.timeoutMs;
  while (await options.isAlive()) {
    const remainingMs = deadline - performance.now();
    if (remainingMs <= 0) return;
    await delay(Math.min(pollIntervalMs, remainingMs));
  }
}
