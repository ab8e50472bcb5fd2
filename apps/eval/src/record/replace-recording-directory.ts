import { rename, rm } from 'node:fs/promises';
import { recoverRecordingDirectory } from './recover-recording-directory.js';
import { writeDirectoryOf } from './recording-directory.js';
import { withRecordingDirectoryLock } from './with-recording-directory-lock.js';

/** A step of `replaceRecordingDirectory` that has changed what is on disk. */
export type ReplacementStep = 'old-aside' | 'new-in-place' | 'old-removed';

/**
 * How many times another process may put its recording in place between this one's two renames before this one
 * gives up: each time it had moved the other's aside, so only a tight race of many writers gets this far.
 */
const maxAttempts = 10;

/**
 * Puts the complete recording at `replacement` in the place of the recording at `directory`. The old one is
 * renamed aside, the new one renamed in, and only then is the old one removed, so that a process stopped at any
 * instant leaves a complete recording, in place or aside; what a stopped write left is put right first
 * (`recoverRecordingDirectory`). Replacements of one directory in this process take their turns, the last one
 * left in place.
 */
export async function replaceRecordingDirectory({
  directory,
  replacement,
  onStep = () => undefined,
}: {
  directory: string;
  replacement: string;
  /** Called after each step, for tests that look at what a process stopped there would leave. */
  onStep?: (step: ReplacementStep) => void | Promise<void>;
}): Promise<void> {
  await withRecordingDirectoryLock({
    directory,
    action: async () => {
      await recoverRecordingDirectory({ directory });
      const asides: string[] = [];
      for (let attempt = 1; ; attempt += 1) {
        const aside = writeDirectoryOf({ directory, purpose: 'replaced' });
        if (await moveIfThere({ from: directory, to: aside })) {
          asides.push(aside);
          await onStep('old-aside');
        }
        try {
          await rename(replacement, directory);
          break;
        } catch (error) {
          const { code } = error as NodeJS.ErrnoException;
          // Another process put its recording in place after this one moved the old one aside: move that one too.
          if ((code === 'ENOTEMPTY' || code === 'EEXIST') && attempt < maxAttempts) continue;
          const last = asides.at(-1);
          // The error that stopped the write is the one to report; an old recording left aside, the next write puts back.
          if (last !== undefined) await moveIfThere({ from: last, to: directory }).catch(() => false);
          throw error;
        }
      }
      await onStep('new-in-place');
      for (const aside of asides) await rm(aside, { recursive: true, force: true });
      await onStep('old-removed');
    },
  });
}

/** Renames `from` to `to`; false when there is nothing at `from`. */
async function moveIfThere({ from, to }: { from: string; to: string }): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
