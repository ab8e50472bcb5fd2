import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isProcessRunning } from './is-process-running.js';
import { readWriteDirectoryName, type RecordingWritePurpose } from './recording-directory.js';

/**
 * Puts right what a write of the recording at `directory` left when its process was stopped half-way (killed, the
 * machine turned off): the old recording it had moved aside goes back in place when no recording is there, and is
 * removed when one is; a new recording it was still writing is removed. What a running process is writing is left
 * alone. The caller holds the directory's lock (`withRecordingDirectoryLock`).
 */
export async function recoverRecordingDirectory({ directory }: { directory: string }): Promise<void> {
  const parent = dirname(directory);
  const names = await readdir(parent).catch((): string[] => []);
  let inPlace = names.includes(basename(directory));
  for (const name of names.sort()) {
    const found = readWriteDirectoryName({ directory, name });
    if (found === undefined || !isLeftover(found)) continue;
    const path = join(parent, name);
    if (found.purpose === 'replaced' && !inPlace) {
      // Another process may be putting it right too: whichever moves it first, a recording is in place.
      await rename(path, directory).catch((error: unknown) => {
        const { code } = error as NodeJS.ErrnoException;
        if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      });
      inPlace = true;
    }
    await rm(path, { recursive: true, force: true });
  }
}

/**
 * Whether a write's directory outlived its write: its process is gone; or it is an old recording this process
 * moved aside, which a write of this process keeps only while it holds the lock, so that one seen under the lock
 * was left by a write that failed, or by an earlier process that had this id.
 */
function isLeftover({ purpose, pid }: { purpose: RecordingWritePurpose; pid: number }): boolean {
  if (pid === process.pid) return purpose === 'replaced';
  return !isProcessRunning(pid);
}
