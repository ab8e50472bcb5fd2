import { lstat, mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { initTemplateDirectory, listInitFiles, type InitFile, type ModuleType } from './init-files.js';

/** What `writeInitFiles` did: the files it wrote, and the ones it did not write because a file was there. */
export interface WriteInitFilesResult {
  written: InitFile[];
  /** `existing`: the file already there (the same path, or one of the file's `alternatives`). */
  kept: { file: InitFile; existing: string }[];
}

/**
 * Writes the files of `toolloop-eval init` for a project of `moduleType` into `directory` (created if
 * missing), never over a file that is already there: such a file is kept as it is and reported in `kept`. The
 * check and the write are one step (the `wx` flag), so a file that appears meanwhile is kept too. Where a file
 * is written under another name than its template's (`.mts`), the other files name it so.
 */
export async function writeInitFiles({
  directory,
  moduleType,
}: {
  directory: string;
  moduleType: ModuleType;
}): Promise<WriteInitFilesResult> {
  const result: WriteInitFilesResult = { written: [], kept: [] };
  const files = listInitFiles(moduleType);
  const renames = files
    .filter(({ path, template }) => path !== template)
    .map(({ path, template }) => [basename(template), basename(path)] as const);
  for (const file of files) {
    const alternative = await findExisting({ directory, paths: file.alternatives ?? [] });
    if (alternative !== undefined) {
      result.kept.push({ file, existing: alternative });
      continue;
    }
    const target = join(directory, file.path);
    await mkdir(dirname(target), { recursive: true });
    let text = await readFile(join(initTemplateDirectory, file.template), 'utf8');
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    try {
      await writeFile(target, text, { flag: 'wx' });
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
