import { defineProject } from 'vitest/config';

/**
 * The scenario suite as one test per scenario, for mutation testing only (`pnpm mutation:scenarios`). Like every
 * project of the workspace it reads the packages from their TypeScript sources (the `@toolloop/source` export
 * condition), so a mutant in core's sources reaches the loop with no build.
 */
export default defineProject({
  resolve: { conditions: ['@toolloop/source'] },
  ssr: { resolve: { conditions: ['@toolloop/source'] } },
  test: {
    name: 'scenarios-mutation',
    include: ['test/scenario-suite.mutation.ts'],
    testTimeout: 60_000,
    // The Postgres scenarios' server, one per run (their database comes from `createTestDatabase`).
    globalSetup: ['@toolloop/test-postgres/global-setup'],
  },
});
