import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { checkMockSpecFiles } from './check-mock-spec-files.js';
import { checkSharedRecordings } from './check-shared-recordings.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

const scenarioExtensions = '{yaml,yml,json}';

/** A mock MCP server spec kept beside the scenarios that start it (`mock-mcp --spec contacts.mcp.yaml`). */
const mockSpecName = /\.mcp\.(?:ya?ml|json)$/u;

/**
 * What a directory of scenarios may hold besides them: a package (an agent's project) and its TypeScript
 * config; recordings (`name.recording/`, and the directories a `record` writes one in,
 * `name.recording.writing-<pid>-<random>/` and `name.recording.replaced-<pid>-<random>/`); mock server specs are
 * told apart by their name (`mockSpecName`).
 */
const notScenarios = [
  '**/node_modules/**',
  '**/package.json',
  '**/tsconfig*.json',
  '**/*.recording/**',
  '**/*.recording.*/**',
];

/**
 * The scenario files that paths name: a directory means every `.yaml`, `.yml` and `.json` file under it, a glob
 * what it matches, a file itself. Sorted, each once, relative to `cwd`. A directory or a glob leaves out what is
 * not a scenario: `node_modules`, `package.json` and `tsconfig*.json` (agents live beside their scenarios),
 * recordings (`name.recording/`) and mock server specs (`name.mcp.yaml`, `.mcp.yml`, `.mcp.json`). A spec left
 * out is checked as a spec, so a scenario named like one is an error, never silently skipped. A path that
 * matches nothing is an error that says where it looked: a typo must not run an empty suite green. Two scenarios
 * whose recordings would be one directory (`refund.yaml` and `refund.yml`) are an error naming both.
 */
export async function findScenarioFiles({
  patterns,
  cwd,
}: {
  patterns: readonly string[];
  cwd: string;
}): Promise<string[]> {
  const files = new Set<string>();
  const specs = new Set<string>();
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
            ignore: notScenarios,
          });
    const isSpec = (match: string) => kind !== 'file' && mockSpecName.test(match);
    const scenarios = matches.filter((match) => !isSpec(match));
    if (scenarios.length === 0) {
      unmatched.push({
        file: pattern,
        path: '(root)',
        message: describeNoMatch({ pattern, absolute, kind, cwd }),
      });
    }
    for (const match of matches) (isSpec(match) ? specs : files).add(relative(cwd, match));
  }
  const sorted = [...files].sort();
  const issues = [
    ...unmatched,
    ...checkSharedRecordings({ files: sorted, cwd }),
    ...(await checkMockSpecFiles({ files: [...specs].sort(), cwd })),
  ];
  if (issues.length > 0) throw new ScenarioFileError(issues);
  return sorted;
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
  if (kind === 'directory')
    return `the directory ${absolute} holds no scenario file (.yaml, .yml or .json); recordings (name.recording/) and mock server specs (name.mcp.yaml) are not scenarios.`;
  if (isDynamicPattern(pattern))
    return `no scenario file matches this glob in the working directory, ${resolve(cwd)}.`;
  if (isAbsolute(pattern)) return `nothing is at ${absolute}.`;
  return `nothing is at ${absolute}; relative paths start from the working directory, ${resolve(cwd)}.`;
}
