import { join } from 'node:path';
import { createTestDatabase } from '@toolloop/test-postgres/vitest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

describe('the scenario suite (scenarios/)', () => {
  // The database of the scenarios with `sessionStore: postgres`, as `pnpm eval` gives it.
  beforeAll(async () => {
    vi.stubEnv('TOOLLOOP_EVAL_POSTGRES_URL', await createTestDatabase());
  });

  it('passes, so a regression anywhere fails `pnpm test` too', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['scenarios/'], cwd: repositoryRoot });
    const problems = report.scenarios.flatMap((scenario) => [
      ...scenario.failures.map((failure) => `${scenario.file} ${failure.path}: ${failure.message}`),
      ...(scenario.error === undefined ? [] : [`${scenario.file}: ${scenario.error.message}`]),
    ]);

    expect(problems).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(0);
    // About ten seconds alone; a bound, not a wait, wide enough for a two-core machine running every package's
    // tests at once (it once took over two minutes there).
  }, 300_000);
});
