import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeScenarios } from '../src/vitest/index.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const scenarios = join(repositoryRoot, 'scenarios');

/**
 * A digest of every file under scenarios/ (scenario files, agent modules, their fixtures), apart from installed
 * packages. Stryker's incremental mode sees test files and test names, not the YAML a test reads: with the
 * digest in the suite's name, a change to any scenario renames every test, and the next run tests every mutant
 * again instead of keeping results the changed scenarios might no longer give.
 */
function digestScenarios(): string {
  const hash = createHash('sha256');
  const files = readdirSync(scenarios, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(/[\\/]/).includes('node_modules'))
    .sort();
  for (const file of files) {
    const path = join(scenarios, file);
    try {
      hash.update(file).update(readFileSync(path));
    } catch {
      // A directory.
    }
  }
  return hash.digest('hex').slice(0, 12);
}

// The scenario suite of `pnpm mutation:scenarios`: one vitest test per scenario file, so that Stryker's per-test
// coverage runs a mutant against only the scenarios that reach it. `pnpm test` runs the same suite as one test
// (scenario-suite.test.ts); this file is not named `*.test.ts` and runs only through vitest.mutation.config.ts.
describeScenarios('scenarios/', {
  cwd: repositoryRoot,
  name: `the scenario suite (scenarios/ at ${digestScenarios()})`,
  timeout: 60_000,
});
