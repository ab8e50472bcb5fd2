import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { formatSessionHeader, formatSessionRecord } from './format-session-file.js';
import { parseSessionFile, type SessionFileLayout } from './parse-session-file.js';
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
 * @example
 * const manager = new SessionManager({ createModel, store: createFileSessionStore({ directory: '.sessions' }) });
 */
export function createFileSessionStore({ directory }: { directory: string }): SessionStore {
  const pathOf = (id: string) => join(directory, `${checkId(id)}.json`);
  /** What this store last wrote or read of each session file, so the next turn can be appended. */
  const layouts = new Map<string, SessionFileLayout>();
  let opened: Promise<void> | undefined;
  /** Cleans up after crashed saves once, before the store's first operation; a failure is retried next time. */
  const ready = () => {
    opened ??= removeCrashedSaves(directory).catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };

  const replace = async (session: SessionData) => {
    // Readable by the host's user only: a transcript is private even without secrets in it.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const path = pathOf(session.id);
    const temporaryPath = join(directory, temporaryFileName(session.id, randomUUID()));
    const text = formatSessionHeader(session) + formatSessionRecord(session, 0);
    try {
      const handle = await open(temporaryPath, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporaryPath, path);
    } catch (error) {
      await rm(temporaryPath, { force: true });
      throw error;
    }
    layouts.set(session.id, { bytes: Buffer.byteLength(text), messages: session.messages.length });
  };

  /** Appends the new messages as one line; `false` when the file is not as this store left it. */
  const append = async (session: SessionData, layout: SessionFileLayout): Promise<boolean> => {
    const path = pathOf(session.id);
    const size = await stat(path).then(
      (stats) => stats.size,
      () => undefined,
    );
    if (size === undefined || size < layout.bytes) return false;
    // A longer file ends with a line an earlier failed append left unfinished: cut it off first.
    if (size > layout.bytes) await truncate(path, layout.bytes);
    const line = formatSessionRecord(session, layout.messages);
    const handle = await open(path, 'a', 0o600);
    try {
      await handle.writeFile(line);
      await handle.sync();
    } finally {
      await handle.close();
    }
    layouts.set(session.id, {
      bytes: layout.bytes + Buffer.byteLength(line),
      messages: session.messages.length,
    });
    return true;
  };

  return {
    async load(id) {
      await ready();
      const path = pathOf(id);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        throw error;
      }
      const { session, layout } = parseSessionFile(text, path);
      if (layout === undefined) layouts.delete(id);
      else layouts.set(id, layout);
      return session;
    },
    async save(session, change) {
      await ready();
      const layout = layouts.get(checkId(session.id));
      if (layout !== undefined && fitsLayout(session, change, layout) && (await append(session, layout)))
        return;
      await replace(session);
    },
    async delete(id) {
      await ready();
      layouts.delete(id);
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

/** Whether the change is an append on top of exactly what the file holds. */
function fitsLayout(
  session: SessionData,
  change: SessionChange | undefined,
  layout: SessionFileLayout,
): boolean {
  return (
    change !== undefined &&
    change.appendedMessages >= 0 &&
    session.messages.length - change.appendedMessages === layout.messages
  );
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
