import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The names a config file may have, in the order they are looked for in each directory. */
export const configFileNames = [
  'toolloop.config.ts',
  'toolloop.config.mts',
  'toolloop.config.js',
  'toolloop.config.mjs',
  'toolloop.config.json',
] as const;

/**
 * The config file that applies in `cwd`: the first of `configFileNames` in `cwd`, else in each directory above
 * it up to the filesystem root. Undefined when there is none.
 */
export async function findConfigFile(cwd: string): Promise<string | undefined> {
  for (let directory = cwd; ; directory = dirname(directory)) {
    for (const name of configFileNames) {
      const candidate = join(directory, name);
      if (await isFile(candidate)) return candidate;
    }
    if (dirname(directory) === directory) return undefined;
  }
}

function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
