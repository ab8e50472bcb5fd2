import { randomUUID } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { currentLockHolder, describeLockHolder, isLockHolderGone, markLockHeld } from './lock-holder.js';

/** The lock file of session file `<id>.json`: `.<id>.lock` beside it. */
export function lockFileName(id: string): string {
  return `.${id}.lock`;
}

const lockSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  /**
   * Which hold of the lock this is, so that a store that takes over a stale lock removes that one and no
   * other. A UUID: it becomes part of a file name when the lock is taken over.
   */
  token: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  since: z.string(),
  linux: z.object({ bootId: z.string(), pidNamespace: z.string(), startTime: z.string() }).optional(),
});

type SessionFileLock = z.output<typeof lockSchema>;

/**
 * Takes the lock of a session file, so that no other store (of this process or another) checks or writes the
 * file until the returned function releases it. A lock whose process is gone (see `isLockHolderGone`) is taken
 * over; one held by a process that runs, or by another host, is waited for up to `timeoutMs`, and then the save
 * is refused with `SessionConflictError` (`reason: 'locked'`), naming the lock file and its holder.
 */
export async function lockSessionFile({
  sessionId,
  path,
  lockPath,
  timeoutMs,
}: {
  sessionId: string;
  path: string;
  lockPath: string;
  timeoutMs: number;
}): Promise<() => Promise<void>> {
  const token = randomUUID();
  const holder = await currentLockHolder();
  const started = performance.now();
  // Marked held before the file exists: once it does, no other store of this process may take it for stale.
  markLockHeld({ token, held: true });
  try {
    for (let attempt = 0; ; attempt += 1) {
      const content = JSON.stringify({ ...holder, token, since: new Date().toISOString() });
      if (await create(lockPath, content)) break;
      const lock = await readLock(lockPath);
      if (lock === 'missing') continue;
      if (lock !== undefined && (await isLockHolderGone(lock)) && (await takeOver(lockPath, lock.token)))
        continue;
      const waitedMs = Math.floor(performance.now() - started);
      if (waitedMs >= timeoutMs) {
        const described =
          lock === undefined
            ? 'an unknown store (the lock file is empty or damaged)'
            : describeLockHolder(lock);
        throw new SessionConflictError({
          sessionId,
          path,
          reason: 'locked',
          lockPath,
          holder: described,
          waitedMs,
        });
      }
      // Another store is writing one turn: polled, since no file system event says so on every system; from
      // 1 ms, doubling up to 50 ms, and never past the deadline.
      await delay(Math.min(2 ** attempt, 50, Math.max(timeoutMs - waitedMs, 1)));
    }
  } catch (error) {
    markLockHeld({ token, held: false });
    throw error;
  }
  return async () => {
    try {
      await rm(lockPath, { force: true });
    } finally {
      // Forgotten once the file is gone, for the same reason.
      markLockHeld({ token, held: false });
    }
  };
}

/** Creates the lock file with its content; `false` when it exists. */
async function create(lockPath: string, content: string): Promise<boolean> {
  const handle = await open(lockPath, 'wx', 0o600).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  });
  if (handle === undefined) return false;
  try {
    await handle.writeFile(content);
  } catch (error) {
    await handle.close();
    await rm(lockPath, { force: true });
    throw error;
  }
  await handle.close();
  return true;
}

/**
 * The lock as its file says; `'missing'` when there is none, `undefined` when it cannot be read (a store that
 * has just created it and not yet written it, or one that crashed in between).
 */
async function readLock(lockPath: string): Promise<SessionFileLock | 'missing' | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    return lockSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Removes the stale lock with this token; `false` when another store is taking it over, or it is no longer
 * there. Two stores can find the same lock stale: each claims it first with a file named after its token, which
 * only one can create, and removes it only while the lock is still that one. Without the claim, the slower one
 * would remove the lock the faster one had taken meanwhile.
 */
async function takeOver(lockPath: string, token: string): Promise<boolean> {
  const claimPath = `${lockPath}.${token}.takeover`;
  if (!(await create(claimPath, ''))) return false;
  try {
    const lock = await readLock(lockPath);
    if (typeof lock !== 'object' || lock.token !== token) return false;
    await rm(lockPath, { force: true });
    return true;
  } finally {
    await rm(claimPath, { force: true });
  }
}
