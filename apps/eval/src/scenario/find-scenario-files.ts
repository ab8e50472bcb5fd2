import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

const scenarioExtensions = '{yaml,yml,json}';

/** What a directory of scenarios may hold besides them: a package (an agent's project), its TypeScript config. */
const notScenarios = ['**/node_modules/**', '**/package.json', '**/tsconfig*.json'];

/**
 * The scenario files that paths name: a directory means every `.yaml`, `.yml` and `.json` file under it (but
 * `package.json` and `tsconfig*.json`: agents live beside their scenarios), a file itself, anything else a glob. Sorted, each once, relative to `cwd`. A path that matches nothing is an error
 * that says where it looked: a typo must not run an empty suite green.
 */
export async function findScenarioFiles({
  patterns,
  cwd,
}: {
  patterns: readonly string[];
  cwd: string;
}): Promise<string[]> {
  const files = new Set<string>();
  const unmatched: ScenarioIssue[] = [];
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
            ignore: kind === 'directory' ? notScenarios : ['**/node_modules/**'],
          });
    if (matches.length === 0) {
      unmatched.push({
        file: pattern,
        path: '(root)',
        message: describeNoMatch({ pattern, absolute, kind, cwd }),
      });
    }
    for (const match of matches) files.add(relative(cwd, match));
  }
  if (unmatched.length > 0) throw new ScenarioFileError(unmatched);
  return [...files].sort();
}

/** Where a path that matched nothing was looked for, absolute: the working directory is easy to mistake. */
function describeNoMatch({
  pattern,
  absolute,
  kind,
  cwd,
}: {
  pattern: string;
  absolute: string;
  kind: 'file' | 'directory' | 'glob';
  cwd: string;
}): string {
  if (kind === 'directory') return `the directory ${absolute} holds no .yaml, .yml or .json file.`;
  if (isDynamicPattern(pattern))
    return `no scenario file matches this glob in the working directory, ${resolve(cwd)}.`;
  if (isAbsolute(pattern)) return `nothing is at ${absolute}.`;
  return `nothing is at ${absolute}; relative paths start from the working directory, ${resolve(cwd)}.`;
}
