import { chown, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserIds } from './ensure-postgres-user.js';

/** The start of the name of every run folder in the OS's temporary folder: the sweep looks at these only. */
export const runFolderPrefix = 'toolloop-test-postgres-';

/** The file of a run folder that names the process that started the server (line 1) and the server (line 2). */
export const ownerFileName = 'owner.pid';

/**
 * A new folder for one server (its data, its socket, its owner file) in the OS's temporary folder, owned by the
 * user PostgreSQL runs as. Its owner file names this process from the start, so that a run starting meanwhile
 * does not take it for an orphan.
 */
export async function createRunFolder(user: UserIds | undefined): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), runFolderPrefix));
  await writeOwnerFile(folder);
  if (user !== undefined) await chown(folder, user.uid, user.gid);
  return folder;
}

/** Records in the run folder which process started it and, once started, which process is its server. */
export async function writeOwnerFile(folder: string, postmasterPid?: number): Promise<void> {
  const lines = postmasterPid === undefined ? [process.pid] : [process.pid, postmasterPid];
  await writeFile(join(folder, ownerFileName), lines.map((pid) => `${pid}\n`).join(''));
}
