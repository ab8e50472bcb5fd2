import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isProcessGroupAlive } from './is-process-group-alive.js';

/** Starts a shell in a group of its own that leaves a sleeper behind (an orphan, once the shell exits). */
async function startOrphanedSleeper(): Promise<{ groupId: number; sleeperId: number }> {
  const shell = spawn('/bin/sh', ['-c', 'sleep 30 >/dev/null 2>&1 & echo $!'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  shell.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  await once(shell, 'close');
  return { groupId: shell.pid!, sleeperId: Number(output.trim()) };
}

/** A process's state letter from /proc (`S`, `R`, `Z`, ...), or undefined once it is gone. */
function readState(processId: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${processId}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Checks every 10 ms until `condition` holds: another process's state changes without telling this one. */
async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`The condition did not hold within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('isProcessGroupAlive', () => {
  it('is true while a process of the group runs, though its leader has exited', async () => {
    const { groupId, sleeperId } = await startOrphanedSleeper();
    try {
      expect(await isProcessGroupAlive(groupId)).toBe(true);
    } finally {
      process.kill(sleeperId, 'SIGKILL');
    }
  });

  it('is false once every process has ended, even one left a zombie by a parent that does not reap it', async () => {
    // The zombie is alone in a group of its own (setsid). It exits only once its parent has become `sleep`,
    // which never reaps it: had it exited earlier, the shell could have reaped it before its `exec`.
    const child = `until [ "$(cat /proc/$PPID/comm)" = sleep ]; do sleep 0.01; done`;
    const parent = spawn('/bin/sh', ['-c', `setsid sh -c '${child}' & echo $!; exec sleep 30`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const groupId = Number(line.toString('utf8').trim());
      await waitUntil(() => readState(groupId) === 'Z');

      expect(await isProcessGroupAlive(groupId)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
      await once(parent, 'close');
    }
  });

  it('is false for a group that does not exist', async () => {
    // Process ids go up to pid_max, at most 2^22: no process, and so no group, has this one.
    expect(await isProcessGroupAlive(2 ** 22 + 1)).toBe(false);
  });
});
