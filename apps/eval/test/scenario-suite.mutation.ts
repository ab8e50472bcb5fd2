import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findScenarioFiles } from '../src/scenario/find-scenario-files.js';
import { describeScenarios } from '../src/vitest/index.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const scenarios = join(repositoryRoot, 'scenarios');

const scenarioFiles = await findScenarioFiles({ patterns: ['scenarios/'], cwd: repositoryRoot });

/**
 * Every file under scenarios/ that is not a scenario: agent modules, their tools, fixtures a scenario names.
 * Installed packages, tool caches (`.turbo`) and the README are not read by any scenario.
 */
function sharedFiles(): string[] {
  const own = new Set(scenarioFiles.map((file) => join(repositoryRoot, file)));
  return readdirSync(scenarios, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(/[\\/]/).some((part) => part === 'node_modules' || part.startsWith('.')))
    .map((file) => join(scenarios, file))
    .filter((path) => !own.has(path) && path !== join(scenarios, 'README.md') && statSync(path).isFile())
    .sort();
}

const shared = createHash('sha256');
for (const path of sharedFiles()) shared.update(relative(scenarios, path)).update(readFileSync(path));
const sharedDigest = shared.digest('hex');

/** A digest of one scenario file and of everything it may share with others. */
function digestScenario(file: string): string {
  return createHash('sha256')
    .update(sharedDigest)
    .update(readFileSync(join(repositoryRoot, file)))
    .digest('hex')
    .slice(0, 12);
}

// The scenario suite of `pnpm mutation:scenarios`: one vitest test per scenario file, so that Stryker's per-test
// coverage runs a mutant against only the scenarios that reach it. `pnpm test` runs the same suite as one test
// (scenario-suite.test.ts); this file is not named `*.test.ts` and runs only through vitest.mutation.config.ts.
//
// Stryker's incremental mode knows tests by file and name, not by the YAML a test reads. Each scenario's suite
// is named with a digest of its file and of the shared ones (agent modules, fixtures), so a changed scenario
// is a new test: the mutants it reaches are tested again, and the results of the scenarios that did not
// change are kept (a new scenario retests only the survivors it reaches).
for (const file of scenarioFiles) {
  describeScenarios(file, {
    cwd: repositoryRoot,
    name: `${file} at ${digestScenario(file)}`,
    timeout: 60_000,
  });
}
