import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { ScenarioFileError } from './scenario-file-error.js';

const scenarioExtensions = '{yaml,yml,json}';

/**
 * The scenario files that paths name: a directory means every `.yaml`, `.yml` and `.json` file under it, a file
 * itself, anything else a glob. Sorted, each once, relative to `cwd`. A path that matches nothing is an error:
 * a typo must not run an empty suite green.
 */
export async function findScenarioFiles({
  patterns,
  cwd,
}: {
  patterns: readonly string[];
  cwd: string;
}): Promise<string[]> {
  const files = new Set<string>();
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    const absolute = isAbsolute(pattern) ? pattern : resolve(cwd, pattern);
    const kind = await stat(absolute).then(
      (stats) => (stats.isDirectory() ? 'directory' : 'file'),
      () => 'glob' as const,
    );
    const matches =
      kind === 'file'
        ? [absolute]
        : await glob(kind === 'directory' ? `**/*.${scenarioExtensions}` : pattern, {
            cwd: kind === 'directory' ? absolute : cwd,
            absolute: true,
            ignore: ['**/node_modules/**'],
          });
    if (matches.length === 0) unmatched.push(pattern);
    for (const match of matches) files.add(relative(cwd, match));
  }
  if (unmatched.length > 0) {
    throw new ScenarioFileError(
      unmatched.map((pattern) => ({
        file: pattern,
        path: '(root)',
        message: 'no scenario file matches this path',
      })),
    );
  }
  return [...files].sort();
}
