import { join } from 'node:path';
import { describeScenarios } from '../src/vitest/index.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

// The scenario suite of `pnpm mutation:scenarios`: one vitest test per scenario file, so that Stryker's per-test
// coverage runs a mutant against only the scenarios that reach it. `pnpm test` runs the same suite as one test
// (scenario-suite.test.ts); this file is not named `*.test.ts` and runs only through vitest.mutation.config.ts.
describeScenarios('scenarios/', {
  cwd: repositoryRoot,
  name: 'the scenario suite (scenarios/)',
  timeout: 60_000,
});
