import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { toDisplayPath } from '../agent/to-display-path.js';
import { ScenarioFileError } from '../scenario/scenario-file-error.js';
import { findConfigFile } from './find-config-file.js';
import { loadConfigFile, type LoadedConfig } from './load-config-file.js';

/**
 * The config of a run: the file `path` names (relative to `cwd`), else the one `findConfigFile` finds from
 * `cwd` upward; undefined when there is none. A named file that does not exist is an error; problems name the
 * file relative to `cwd`.
 */
export async function loadToolloopConfig({
  path,
  cwd,
}: {
  path: string | undefined;
  cwd: string;
}): Promise<LoadedConfig | undefined> {
  const file = path === undefined ? await findConfigFile(cwd) : resolve(cwd, path);
  if (file === undefined) return undefined;
  if (path !== undefined) await checkIsFile({ file, path });
  return loadConfigFile(file).catch((error: unknown) => {
    if (!ScenarioFileError.isInstance(error)) throw error;
    throw new ScenarioFileError(
      error.issues.map((issue) => ({ ...issue, file: toDisplayPath({ file: issue.file, cwd }) })),
    );
  });
}

async function checkIsFile({ file, path }: { file: string; path: string }): Promise<void> {
  const isFile = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!isFile) {
    throw new ScenarioFileError([
      { file: path, path: '(root)', message: `no config file here (looked for ${file}).` },
    ]);
  }
}
