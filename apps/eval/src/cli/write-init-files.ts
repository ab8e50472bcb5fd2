import { copyFile, constants, lstat, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { initFiles, initTemplateDirectory, type InitFile } from './init-files.js';

/** What `writeInitFiles` did: the files it wrote, and the ones it did not write because a file was there. */
export interface WriteInitFilesResult {
  written: InitFile[];
  /** `existing`: the file already there (the same path, or one of the file's `alternatives`). */
  kept: { file: InitFile; existing: string }[];
}

/**
 * Writes the files of `toolloop-eval init` into `directory` (created if missing), never over a file that is
 * already there: such a file is kept as it is and reported in `kept`. The check and the write are one step
 * (`COPYFILE_EXCL`), so a file that appears meanwhile is kept too.
 */
export async function writeInitFiles({ directory }: { directory: string }): Promise<WriteInitFilesResult> {
  const result: WriteInitFilesResult = { written: [], kept: [] };
  for (const file of initFiles) {
    const alternative = await findExisting({ directory, paths: file.alternatives ?? [] });
    if (alternative !== undefined) {
      result.kept.push({ file, existing: alternative });
      continue;
    }
    const target = join(directory, file.path);
    await mkdir(dirname(target), { recursive: true });
    try {
      await copyFile(join(initTemplateDirectory, file.path), target, constants.COPYFILE_EXCL);
      result.written.push(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      result.kept.push({ file, existing: file.path });
    }
  }
  return result;
}

async function findExisting({
  directory,
  paths,
}: {
  directory: string;
  paths: readonly string[];
}): Promise<string | undefined> {
  for (const path of paths) {
    const exists = await lstat(join(directory, path)).then(
      () => true,
      () => false,
    );
    if (exists) return path;
  }
  return undefined;
}
