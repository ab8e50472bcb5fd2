import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createTestDatabase } from '@toolloop/test-postgres/vitest';
import { beforeAll, vi } from 'vitest';
import { parse } from 'yaml';
import { recordingDirectoryOf } from '../src/record/recording-directory.js';
import { findScenarioFiles } from '../src/scenario/find-scenario-files.js';
import { describeScenarios } from '../src/vitest/index.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const scenarios = join(repositoryRoot, 'scenarios');

const scenarioFiles = await findScenarioFiles({ patterns: ['scenarios/'], cwd: repositoryRoot });

/** A scenario's own recording (`name.recording/`), which only that scenario reads. */
const isRecording = (path: string) => path.split(/[\\/]/).some((part) => part.endsWith('.recording'));

/** Code an agent module may import, and the files that say how it is resolved. */
const codeFile = /\.(?:[cm]?[jt]s|tsx?)$|(?:^|[\\/])(?:package|tsconfig)\.json$/u;

/**
 * Every file under scenarios/ that is not a scenario: agent modules, their tools, fixtures a scenario names.
 * Installed packages, tool caches (`.turbo`) and the README are not read by any scenario.
 */
function sharedFiles(): string[] {
  const own = new Set(scenarioFiles.map((file) => join(repositoryRoot, file)));
  return readdirSync(scenarios, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(/[\\/]/).some((part) => part === 'node_modules' || part.startsWith('.')))
    .map((file) => join(scenarios, file))
    .filter(
      (path) =>
        !own.has(path) &&
        !isRecording(path) &&
        path !== join(scenarios, 'README.md') &&
        statSync(path).isFile(),
    )
    .sort();
}

const shared = sharedFiles();
/** What every scenario may read: the shared files that are not code (fixtures). */
const fixtures = shared.filter((path) => !codeFile.test(path));

/**
 * The agent module a scenario names and every local module it imports, with the package.json and tsconfig.json
 * beside it: the code the scenario runs besides the loop. A specifier written `./tools.js` is the TypeScript
 * file `./tools.ts` when only that exists.
 */
function agentCode(scenarioFile: string): string[] {
  const agent = (
    parse(readFileSync(join(repositoryRoot, scenarioFile), 'utf8')) as { agent?: unknown } | null
  )?.agent;
  if (typeof agent !== 'string') return [];
  const found = new Set<string>();
  const pending = [resolve(repositoryRoot, dirname(scenarioFile), agent)];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (found.has(path) || !existsSync(path)) continue;
    found.add(path);
    for (const name of ['package.json', 'tsconfig.json']) pending.push(join(dirname(path), name));
    if (path.endsWith('.json')) continue;
    for (const [, specifier] of readFileSync(path, 'utf8').matchAll(
      /(?:from|import\()\s*'(\.\.?\/[^']+)'/gu,
    )) {
      const target = resolve(dirname(path), specifier as string);
      pending.push(existsSync(target) ? target : target.replace(/\.([cm]?)js$/u, '.$1ts'));
    }
  }
  return [...found].sort();
}

/** A scenario's recording, every file of it. */
function recordingOf(scenarioFile: string): string[] {
  const directory = recordingDirectoryOf(join(repositoryRoot, scenarioFile));
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((file) => join(directory, file))
    .filter((path) => statSync(path).isFile())
    .sort();
}

/**
 * A digest of one scenario file and of what else it reads: the fixtures, its recording, and for an agent
 * scenario its agent's code. A scenario without an agent keeps its digest when an agent module changes or is
 * added, and one without a recording when a recording changes.
 */
function digestScenario(file: string): string {
  const hash = createHash('sha256');
  for (const path of [...fixtures, ...recordingOf(file), ...agentCode(file)]) {
    hash.update(relative(scenarios, path)).update(readFileSync(path));
  }
  return hash
    .update(readFileSync(join(repositoryRoot, file)))
    .digest('hex')
    .slice(0, 12);
}

// The scenario suite of `pnpm mutation:scenarios`: one vitest test per scenario file, so that Stryker's per-test
// coverage runs a mutant against only the scenarios that reach it. `pnpm test` runs the same suite as one test
// (scenario-suite.test.ts); this file is not named `*.test.ts` and runs only through vitest.mutation.config.ts.
//
// Stryker's incremental mode knows tests by file and name, not by the YAML a test reads. Each scenario's suite
// is named with a digest of its file and of what it reads besides (its agent's code, fixtures), so a changed
// scenario is a new test: the mutants it reaches are tested again, and the results of the scenarios that did
// not change are kept (a new scenario retests only the survivors it reaches; a new or changed agent module,
// only the scenarios of agents that import it).
// The database of the scenarios with `sessionStore: postgres`, as `pnpm eval` gives it.
beforeAll(async () => {
  vi.stubEnv('TOOLLOOP_EVAL_POSTGRES_URL', await createTestDatabase());
});

for (const file of scenarioFiles) {
  describeScenarios(file, {
    cwd: repositoryRoot,
    name: `${file} at ${digestScenario(file)}`,
    timeout: 60_000,
  });
}
