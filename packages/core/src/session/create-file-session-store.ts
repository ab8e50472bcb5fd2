import { randomUUID } from 'node:crypto';
import { access, constants, type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { compareSessionFile, type KnownSessionFile } from './compare-session-file.js';
import { formatSessionHeader, formatSessionRecord } from './format-session-file.js';
import { lockFileName, lockSessionFile } from './lock-session-file.js';
import { parseSessionFile } from './parse-session-file.js';
import { removeCrashedSaves, temporaryFileName } from './remove-crashed-saves.js';
import type { SessionData } from './session-data.js';
import { checkLeaseRequest, checkSaveAllowed, toLeaseResult } from './session-lease.js';
import { leaseFileName, readLiveLease, removeLeaseFile, writeLeaseFile } from './session-lease-file.js';
import type { SessionChange, SessionStore } from './session-store.js';

const idPattern = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * A store that keeps one file per session (`<directory>/<id>.json`), so a restarted host resumes every
 * session. The file is JSON Lines: a header (format, id, config), then one line per save. A turn appends its
 * messages as one line and flushes it, so its cost does not grow with the history; a crash mid-append leaves
 * an unfinished last line, which is ignored when read and cut off before the next append. Other saves write a
 * temporary file, flush it and rename it over the old one. The temporary files of saves a crash cut short
 * are deleted when the store is first used. Files are created 0600, and the directory 0700 when the store
 * creates it. The API key and server secrets given literally are never written.
 *
 * It keeps the store contract (versions, leases) across the processes of one machine that share the
 * directory: each line records the version it makes, a session's lease is kept in `.<id>.lease`, and both are
 * checked and written while the session's lock file (`.<id>.lock`) is held. A lock whose process is gone is
 * taken over; one held longer than `lockTimeoutMs` fails the save with `SessionConflictError` (`reason:
 * 'locked'`). Leases run out by this machine's clock (`now`); a lease whose process is gone is taken over
 * at once, so a host restarted after a crash need not wait for it. A lock or lease of another machine is never
 * taken over before its time: hosts on several machines share a Postgres store, not a directory.
 *
 * @example
 * const manager = new SessionManager({ createModel, store: createFileSessionStore({ directory: '.sessions' }) });
 */
export function createFileSessionStore({
  directory,
  lockTimeoutMs = 5_000,
  now = Date.now,
}: {
  directory: string;
  /**
   * How long a save waits while another store holds the session's lock (it is writing the session) before it
   * is refused with `SessionConflictError`; 5 s unless given.
   */
  lockTimeoutMs?: number;
  /** The clock leases run out by; `Date.now` unless given. */
  now?: () => number;
}): SessionStore {
  const pathOf = (id: string) => join(directory, `${checkId(id)}.json`);
  const leasePathOf = (id: string) => join(directory, leaseFileName(checkId(id)));
  /** Holds the session's lock around `action`: no other store checks or writes the session meanwhile. */
  const whileLocked = async <RESULT>(id: string, action: () => Promise<RESULT>): Promise<RESULT> => {
    const release = await lockSessionFile({
      sessionId: id,
      path: pathOf(id),
      lockPath: join(directory, lockFileName(id)),
      timeoutMs: lockTimeoutMs,
    });
    try {
      return await action();
    } finally {
      await release();
    }
  };
  /** What this store last wrote or read of each session file: to append to it, and to see another's saves. */
  const known = new Map<string, KnownSessionFile>();
  let opened: Promise<void> | undefined;
  /** Cleans up after crashed saves once, before the store's first operation; a failure is retried next time. */
  const ready = () => {
    opened ??= removeCrashedSaves(directory).catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };

  /** Reads the whole session file, and remembers what it holds. */
  const read = async (id: string, handle: FileHandle) => {
    const { ino, ctimeNs: changedAt } = await handle.stat({ bigint: true });
    const text = await handle.readFile('utf8');
    const { session, layout, savedBy } = parseSessionFile({ text, path: pathOf(id), id });
    const file: KnownSessionFile = {
      inode: Number(ino),
      changedAt,
      bytes: layout?.bytes ?? Buffer.byteLength(text),
      messages: layout?.messages,
      version: session.version ?? 1,
      savedBy,
    };
    known.set(id, file);
    return { session, file };
  };

  /**
   * The session file as it stands, under the lock: what this store knows of it while no other store has
   * written it since (whatever follows is a line a crash left unfinished), else the file read again.
   */
  const inspect = async (id: string, handle: FileHandle): Promise<KnownSessionFile> => {
    const file = known.get(id);
    if (file !== undefined && (await compareSessionFile(handle, file)) !== 'changed') return file;
    return (await read(id, handle)).file;
  };

  /** Runs `action` with the session file open (or `undefined` when there is none), and closes it. */
  const withFile = async <RESULT>(
    id: string,
    flags: number,
    action: (handle: FileHandle | undefined) => Promise<RESULT>,
  ): Promise<RESULT> => {
    const handle = await open(pathOf(id), flags).catch((error: unknown) => {
      if (isMissingFile(error)) return undefined;
      throw error;
    });
    try {
      return await action(handle);
    } finally {
      await handle?.close();
    }
  };

  /** Writes the whole session to a temporary file, flushes it and renames it over the session file. */
  const replace = async (session: SessionData, version: number, savedBy: string | undefined) => {
    const path = pathOf(session.id);
    const text = formatSessionHeader(session) + formatSessionRecord(session, { from: 0, version, savedBy });
    const temporaryPath = join(directory, temporaryFileName(session.id, randomUUID()));
    try {
      const handle = await open(temporaryPath, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporaryPath, path);
      // Read after the rename, which changes the file's ctime; no other store writes it while the lock is held.
      const { ino, ctimeNs: changedAt } = await stat(path, { bigint: true });
      known.set(session.id, {
        inode: Number(ino),
        changedAt,
        bytes: Buffer.byteLength(text),
        messages: session.messages.length,
        version,
        savedBy,
      });
    } catch (error) {
      await rm(temporaryPath, { force: true });
      throw error;
    }
  };

  /** Appends the new messages as one line, after cutting off a line a crash left unfinished. */
  const append = async ({
    session,
    handle,
    file,
    version,
    savedBy,
  }: {
    session: SessionData;
    handle: FileHandle;
    file: KnownSessionFile & { messages: number };
    version: number;
    savedBy: string | undefined;
  }) => {
    const line = Buffer.from(formatSessionRecord(session, { from: file.messages, version, savedBy }));
    // No other store writes while this one holds the lock: bytes past the known lines are a crash's.
    if ((await handle.stat()).size > file.bytes) await handle.truncate(file.bytes);
    await writeWhole(handle, line);
    await handle.sync();
    known.set(session.id, {
      inode: file.inode,
      changedAt: (await handle.stat({ bigint: true })).ctimeNs,
      bytes: file.bytes + line.length,
      messages: session.messages.length,
      version,
      savedBy,
    });
  };

  return {
    async load(id) {
      await ready();
      return withFile(id, constants.O_RDONLY, async (handle) => {
        if (handle === undefined) return undefined;
        const { session, file } = await read(id, handle);
        return file.savedBy === undefined ? session : { ...session, savedBy: file.savedBy };
      });
    },
    async save(session, { change, leaseOwner } = {}) {
      await ready();
      const id = checkId(session.id);
      // Readable by the host's user only: a transcript is private even without secrets in it.
      await mkdir(directory, { recursive: true, mode: 0o700 });
      return whileLocked(id, async () => {
        // Not 'a', which would create a file that is gone; one handle, so the file checked is the file written.
        const appended = await withFile(id, constants.O_RDWR | constants.O_APPEND, async (handle) => {
          const file = handle === undefined ? undefined : await inspect(id, handle);
          checkSaveAllowed({
            sessionId: id,
            path: pathOf(id),
            expectedVersion: session.version,
            storedVersion: file?.version,
            lease: await readLiveLease(leasePathOf(id)),
            leaseOwner,
            now: now(),
          });
          const version = (file?.version ?? 0) + 1;
          const { messages } = file ?? {};
          if (handle === undefined || file === undefined || messages === undefined) return { version };
          if (!fitsLayout({ session, change, messages })) return { version };
          await append({ session, handle, file: { ...file, messages }, version, savedBy: leaseOwner });
          return { version, done: true };
        });
        // The temporary file is written under the lock too: a store that starts meanwhile deletes none of a
        // session whose lock is held (see removeCrashedSaves).
        if (appended.done !== true) await replace(session, appended.version, leaseOwner);
        return appended.version;
      });
    },
    async delete(id) {
      await ready();
      known.delete(id);
      if (!(await exists(directory))) return;
      // Under the lock: a save or a lease request under way finishes first, and none brings the session back.
      await whileLocked(id, async () => {
        await rm(pathOf(id), { force: true });
        await removeLeaseFile(leasePathOf(id));
      });
    },
    async list() {
      await ready();
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isMissingFile(error)) return [];
        throw error;
      }
      return names
        .filter((name) => name.endsWith('.json') && idPattern.test(name.slice(0, -'.json'.length)))
        .map((name) => name.slice(0, -'.json'.length))
        .sort();
    },
    async acquireLease(id, request) {
      checkLeaseRequest(request);
      await ready();
      if (!(await exists(pathOf(id)))) return { type: 'missing' };
      return whileLocked(id, async () => {
        const file = await withFile(id, constants.O_RDONLY, async (handle) =>
          handle === undefined ? undefined : await inspect(id, handle),
        );
        const result = toLeaseResult({
          version: file?.version,
          savedBy: file?.savedBy,
          lease: await readLiveLease(leasePathOf(id)),
          request,
          now: now(),
        });
        if (result.type === 'acquired') {
          await writeLeaseFile({
            path: leasePathOf(id),
            temporaryPath: join(directory, temporaryFileName(id, randomUUID())),
            lease: { owner: request.owner, expiresAt: result.expiresAt.getTime() },
          });
        }
        return result;
      });
    },
    async releaseLease(id, owner) {
      await ready();
      const leasePath = leasePathOf(id);
      if ((await readLiveLease(leasePath))?.owner !== owner) return;
      await whileLocked(id, async () => {
        if ((await readLiveLease(leasePath))?.owner === owner) await removeLeaseFile(leasePath);
      });
    },
  };
}

/** Whether the change is an append on top of exactly the `messages` the file holds. */
function fitsLayout({
  session,
  change,
  messages,
}: {
  session: SessionData;
  change: SessionChange | undefined;
  messages: number;
}): boolean {
  return (
    change !== undefined &&
    change.appendedMessages >= 0 &&
    session.messages.length - change.appendedMessages === messages
  );
}

/**
 * Writes the whole buffer with as few calls as the system allows, looping on a partial write. Not
 * `writeFile`, which writes a long buffer in pieces of 512 KiB: another writer's pieces could land between.
 */
async function writeWhole(handle: FileHandle, buffer: Buffer): Promise<void> {
  for (let offset = 0; offset < buffer.length;) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
    offset += bytesWritten;
  }
}

function checkId(id: string): string {
  if (idPattern.test(id)) return id;
  throw new InvalidArgumentError({
    argument: 'id',
    message: "a stored session id may use only letters, digits, '_' and '-' (at most 128).",
  });
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if (isMissingFile(error)) return false;
    throw error;
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}
