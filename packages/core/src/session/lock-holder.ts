import { readFile, readlink } from 'node:fs/promises';
import { readProcessStat } from '../internal/read-process-stat.js';
import { hostname } from 'node:os';

/**
 * The process that holds a session file's lock, as its lock file records it. On Linux, `linux` tells apart
 * two processes that had the same id: one before and one after a restart of the machine (`bootId`), in
 * containers that cannot see each other's processes (`pidNamespace`), or one that ended and a later one given
 * its id (`startTime`, in clock ticks since boot).
 */
export interface LockHolder {
  pid: number;
  hostname: string;
  linux?: { bootId: string; pidNamespace: string; startTime: string };
}

/** The tokens of the locks this process holds; on `globalThis`, so that every copy of this module agrees. */
function heldTokens(): Set<string> {
  const registry = globalThis as Record<symbol, Set<string> | undefined>;
  return (registry[Symbol.for('toolloop.session.heldLockTokens')] ??= new Set<string>());
}

/** Notes that this process holds (`true`) or no longer holds the lock with this token. */
export function markLockHeld({ token, held }: { token: string; held: boolean }): void {
  if (held) heldTokens().add(token);
  else heldTokens().delete(token);
}

let current: Promise<LockHolder> | undefined;

/** This process, as a lock it takes records it. */
export function currentLockHolder(): Promise<LockHolder> {
  current ??= (async () => {
    const holder: LockHolder = { pid: process.pid, hostname: hostname() };
    const linux = await readLinuxFacts();
    if (linux !== undefined) holder.linux = linux;
    return holder;
  })();
  return current;
}

/**
 * Whether the process that took a lock is gone, so that the lock is stale and may be taken over. Only a
 * process of this host can be judged: a lock of another host (or of a container whose processes this one
 * cannot see) is never taken for stale.
 */
export async function isLockHolderGone(lock: LockHolder & { token: string }): Promise<boolean> {
  // This process's own id: the lock is live only if this process holds it; otherwise an earlier process
  // with the same id (a restarted container's) took it.
  return isHolderGone(lock, () => !heldTokens().has(lock.token));
}

/**
 * Whether the process that took a session's lease is gone, so that the lease may be taken over before it runs
 * out. As for locks, only a process of this host can be judged. A lease of this process's id is live unless it
 * was taken by an earlier process that had the id (told apart by its start time, on Linux).
 */
export async function isLeaseHolderGone(holder: LockHolder): Promise<boolean> {
  const self = await currentLockHolder();
  return isHolderGone(
    holder,
    () =>
      holder.linux !== undefined &&
      self.linux !== undefined &&
      holder.linux.startTime !== self.linux.startTime,
  );
}

/** Whether the process `holder` names is gone; `ownIdGone` judges a holder with this process's id. */
async function isHolderGone(holder: LockHolder, ownIdGone: () => boolean): Promise<boolean> {
  const self = await currentLockHolder();
  if (holder.hostname !== self.hostname) return false;
  if (holder.linux !== undefined && self.linux !== undefined) {
    if (holder.linux.bootId !== self.linux.bootId) return true;
    if (holder.linux.pidNamespace !== self.linux.pidNamespace) return false;
  }
  if (holder.pid === process.pid) return ownIdGone();
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process runs as another user; it exists all the same.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
  if (process.platform !== 'linux') return false;
  const stat = await readStat(holder.pid);
  // A zombie answers signal 0 too (an init that does not reap orphans keeps it forever), yet runs no code.
  if (stat === undefined || ['Z', 'X'].includes(stat.state)) return true;
  return holder.linux !== undefined && stat.startTime !== holder.linux.startTime;
}

/** Says who holds a lock, for an error message. */
export function describeLockHolder(lock: LockHolder & { since: string }): string {
  return `process ${lock.pid} on host '${lock.hostname}' (since ${lock.since})`;
}

/** This process's facts that only Linux gives; undefined elsewhere. */
async function readLinuxFacts(): Promise<LockHolder['linux']> {
  if (process.platform !== 'linux') return undefined;
  try {
    const [bootId, pidNamespace, stat] = await Promise.all([
      readFile('/proc/sys/kernel/random/boot_id', 'utf8'),
      readlink('/proc/self/ns/pid'),
      readStat('self'),
    ]);
    if (stat === undefined) return undefined;
    return { bootId: bootId.trim(), pidNamespace, startTime: stat.startTime };
  } catch {
    // Without /proc (some sandboxes), the process id and the host name are all there is.
    return undefined;
  }
}

/** The state and start time of a process, from `/proc/<pid>/stat`; undefined once it is gone. */
async function readStat(
  processId: number | 'self',
): Promise<{ state: string; startTime: string } | undefined> {
  const fields = await readProcessStat(processId);
  return fields === undefined ? undefined : { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}
