import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The name of the temporary file one save writes before renaming it over `<id>.json`. */
export function temporaryFileName(id: string, unique: string): string {
  return `.${id}.${unique}.tmp`;
}

const temporaryFilePattern =
  /^\.[a-zA-Z0-9_-]{1,128}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/**
 * Deletes the temporary files that saves interrupted by a crash left in `directory`: only files named as the
 * file store names them (`.<id>.<uuid>.tmp`), only in that directory, never in one below it.
 */
export async function removeCrashedSaves(directory: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const leftovers = entries.filter((entry) => entry.isFile() && temporaryFilePattern.test(entry.name));
  await Promise.all(leftovers.map((entry) => rm(join(directory, entry.name), { force: true })));
}
