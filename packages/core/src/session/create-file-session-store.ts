import { randomUUID } from 'node:crypto';
import { constants, type FileHandle, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { compareSessionFile, type KnownSessionFile } from './compare-session-file.js';
import { formatSessionHeader, formatSessionRecord } from './format-session-file.js';
import { lockFileName, lockSessionFile } from './lock-session-file.js';
import { parseSessionFile } from './parse-session-file.js';
import { removeCrashedSaves, temporaryFileName } from './remove-crashed-saves.js';
import type { SessionData } from './session-data.js';
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
 * Several processes of one host may share the directory. A save holds the session's lock file
 * (`.<id>.lock`) while it checks and writes, and never overwrites what another store saved: when the file
 * changed since this store read or wrote it, or exists and this store never read it, the save fails with
 * `SessionConflictError`. A lock whose process is gone is taken over; one held longer than `lockTimeoutMs`
 * also fails the save with `SessionConflictError` (`reason: 'locked'`). A lock of another host is never taken
 * over, so give each host its own directory.
 *
 * @example
 * const manager = new SessionManager({ createModel, store: createFileSessionStore({ directory: '.sessions' }) });
 */
export function createFileSessionStore({
  directory,
  lockTimeoutMs = 5_000,
}: {
  directory: string;
  /**
   * How long a save waits while another store holds the session's lock (it is writing the session) before it
   * is refused with `SessionConflictError`; 5 s unless given.
   */
  lockTimeoutMs?: number;
}): SessionStore {
  const pathOf = (id: string) => join(directory, `${checkId(id)}.json`);
  /** Holds the session's lock around `action`: no other store checks or writes the file meanwhile. */
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

  /**
   * Refuses to replace a file another store saved since this one read or wrote it, or one it never knew. A
   * file that is gone is written again: nothing in it can be lost.
   */
  const checkReplaceable = async (id: string, path: string) => {
    const handle = await open(path, 'r').catch((error: unknown) => {
      if (isMissingFile(error)) return undefined;
      throw error;
    });
    if (handle === undefined) return;
    try {
      const file = known.get(id);
      if (file === undefined || (await compareSessionFile(handle, file)) === 'changed') {
        throw new SessionConflictError({ sessionId: id, path });
      }
    } finally {
      await handle.close();
    }
  };

  const replace = async (session: SessionData) => {
    // Readable by the host's user only: a transcript is private even without secrets in it.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const path = pathOf(session.id);
    const text = formatSessionHeader(session) + formatSessionRecord(session, 0);
    // The temporary file is written under the lock too: a store that starts meanwhile deletes none of a
    // session whose lock is held (see removeCrashedSaves).
    const inode = await whileLocked(session.id, async () => {
      await checkReplaceable(session.id, path);
      const temporaryPath = join(directory, temporaryFileName(session.id, randomUUID()));
      try {
        const handle = await open(temporaryPath, 'w', 0o600);
        let written: number;
        try {
          await handle.writeFile(text);
          await handle.sync();
          ({ ino: written } = await handle.stat());
        } finally {
          await handle.close();
        }
        await rename(temporaryPath, path);
        return written;
      } catch (error) {
        await rm(temporaryPath, { force: true });
        throw error;
      }
    });
    known.set(session.id, { inode, bytes: Buffer.byteLength(text), messages: session.messages.length });
  };

  /**
   * Appends the new messages as one line; `false` when the file is gone. A file another store saved since
   * is refused; a line an earlier append left unfinished is cut off first.
   */
  const append = (session: SessionData, file: KnownSessionFile & { messages: number }) =>
    whileLocked(session.id, async () => {
      const path = pathOf(session.id);
      // Not 'a', which would create a file that is gone; one handle, so the file checked is the file written.
      const handle = await open(path, constants.O_RDWR | constants.O_APPEND).catch((error: unknown) => {
        if (isMissingFile(error)) return undefined;
        throw error;
      });
      if (handle === undefined) return false;
      const line = Buffer.from(formatSessionRecord(session, file.messages));
      try {
        const state = await compareSessionFile(handle, file);
        if (state === 'changed') throw new SessionConflictError({ sessionId: session.id, path });
        // No other store writes while this one holds the lock: a line left unfinished is a crash's.
        if (state === 'unfinished') await handle.truncate(file.bytes);
        await writeWhole(handle, line);
        await handle.sync();
      } finally {
        await handle.close();
      }
      known.set(session.id, {
        inode: file.inode,
        bytes: file.bytes + line.length,
        messages: session.messages.length,
      });
      return true;
    });

  return {
    async load(id) {
      await ready();
      const path = pathOf(id);
      const handle = await open(path, 'r').catch((error: unknown) => {
        if (isMissingFile(error)) return undefined;
        throw error;
      });
      if (handle === undefined) return undefined;
      try {
        const { ino: inode } = await handle.stat();
        const text = await handle.readFile('utf8');
        const { session, layout } = parseSessionFile({ text, path, id });
        known.set(id, {
          inode,
          bytes: layout?.bytes ?? Buffer.byteLength(text),
          messages: layout?.messages,
        });
        return session;
      } finally {
        await handle.close();
      }
    },
    async save(session, change) {
      await ready();
      const file = known.get(checkId(session.id));
      const { messages } = file ?? {};
      if (
        file !== undefined &&
        messages !== undefined &&
        fitsLayout({ session, change, messages }) &&
        (await append(session, { ...file, messages }))
      )
        return;
      await replace(session);
    },
    async delete(id) {
      await ready();
      known.delete(id);
      await rm(pathOf(id), { force: true });
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

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}
