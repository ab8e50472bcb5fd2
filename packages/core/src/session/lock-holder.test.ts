import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { currentLockHolder, isLockHolderGone, markLockHeld } from './lock-holder.js';

/** The start time `/proc` gives for a process, read here on its own to check the module's reading. */
function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

/** Resolves once `done()` holds, checked at every turn of the event loop; throws if it has not within 10 s. */
async function waitFor(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Waited 10 s for ${what}.`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Resolves once `/proc` shows `pid` as a zombie (state `Z`). */
function waitForZombie(pid: number): Promise<void> {
  return waitFor(() => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  }, `process ${pid} to become a zombie`);
}

/** The lock process `pid` of this host would have written. */
async function lockOf(pid: number, token = 'token-1') {
  const self = await currentLockHolder();
  if (self.linux === undefined) throw new Error('These tests read /proc: run them on Linux.');
  return { ...self, pid, linux: { ...self.linux, startTime: startTimeOf(pid) }, token };
}

/** A process id that no process has: one of a process that has ended (and been reaped). */
function endedProcessId(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('isLockHolderGone on Linux', () => {
  it('takes the lock of a process of this host that runs for live', async () => {
    expect(await isLockHolderGone(await lockOf(process.ppid))).toBe(false);
  });

  it('takes the lock of a process that has ended for stale', async () => {
    const lock = await lockOf(process.ppid);

    expect(await isLockHolderGone({ ...lock, pid: endedProcessId() })).toBe(true);
  });

  it('takes a lock for stale when its process id now belongs to a process that started at another time', async () => {
    const lock = await lockOf(process.ppid);

    const gone = await isLockHolderGone({ ...lock, linux: { ...lock.linux, startTime: '1' } });

    expect(gone).toBe(true);
  });

  it('takes a lock for stale when it was taken before the machine last started', async () => {
    const lock = await lockOf(process.ppid);

    const gone = await isLockHolderGone({ ...lock, linux: { ...lock.linux, bootId: 'an-earlier-boot' } });

    expect(gone).toBe(true);
  });

  it('never takes a lock of another host, or of processes it cannot see, for stale', async () => {
    const lock = await lockOf(process.ppid);
    const pid = endedProcessId();

    const gone = [
      await isLockHolderGone({ ...lock, pid, hostname: 'web-2' }),
      await isLockHolderGone({ ...lock, pid, linux: { ...lock.linux, pidNamespace: 'pid:[1]' } }),
    ];

    expect(gone).toEqual([false, false]);
  });

  it("takes a lock with this process's id for live only while this process holds it", async () => {
    const lock = await lockOf(process.pid, 'held-by-this-process');

    markLockHeld({ token: lock.token, held: true });
    const whileHeld = await isLockHolderGone(lock);
    markLockHeld({ token: lock.token, held: false });

    expect([whileHeld, await isLockHolderGone(lock)]).toEqual([false, true]);
  });

  it('takes the lock of a process that ended but was never reaped (a zombie) for stale', async () => {
    // The shell starts a child that waits on fd 3, then becomes `sleep 60`, which never reaps it. The child is
    // let go only once the shell has become `sleep`: before that, the shell itself could reap it.
    const parent = spawn('sh', ['-c', 'read _ <&3 & echo $! >&2; exec sleep 60 3<&-'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    const stderr = parent.stdio[2] as Readable;
    const release = parent.stdio[3] as Writable;
    try {
      const [line] = (await once(createInterface({ input: stderr }), 'line')) as [string];
      await waitFor(
        () => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() === 'sleep',
        'the shell to exec sleep',
      );
      release.end();
      await waitForZombie(Number(line));

      expect(await isLockHolderGone(await lockOf(Number(line)))).toBe(true);
    } finally {
      // The child waiting on fd 3 ends with it, also when the test failed before letting it go.
      release.destroy();
      parent.kill('SIGKILL');
      await once(parent, 'exit');
    }
  });
});
