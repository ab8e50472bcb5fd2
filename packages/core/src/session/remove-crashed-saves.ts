import { access, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { lockFileName } from './lock-session-file.js';

/** The name of the temporary file one save writes before renaming it over `<id>.json`. */
export function temporaryFileName(id: string, unique: string): string {
  return `.${id}.${unique}.tmp`;
}

const temporaryFilePattern =
  /^\.([a-zA-Z0-9_-]{1,128})\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/**
 * Deletes the temporary files that saves interrupted by a crash left in `directory`: only files named as the
 * file store names them (`.<id>.<uuid>.tmp`), only in that directory, never in one below it, and none of a
 * session whose lock is held. A save writes its temporary file only while it holds the session's lock, so a
 * file seen here while no lock is held (looked at after the file was seen) belongs to no save under way.
 */
export async function removeCrashedSaves(directory: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (isMissingFile(error)) return;
    throw error;
  }
  const leftovers = entries.flatMap((entry) => {
    const id = entry.isFile() ? temporaryFilePattern.exec(entry.name)?.[1] : undefined;
    return id === undefined ? [] : [{ name: entry.name, id }];
  });
  await Promise.all(
    leftovers.map(async ({ name, id }) => {
      if (await isLocked(join(directory, lockFileName(id)))) return;
      await rm(join(directory, name), { force: true });
    }),
  );
}

async function isLocked(lockPath: string): Promise<boolean> {
  try {
    await access(lockPath);
    return true;
  } catch (error) {
    if (isMissingFile(error)) return false;
    throw error;
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}
