import { inject } from 'vitest';
import './provided-context.js';
import { createDatabase } from './create-database.js';

/**
 * Creates an empty database on the run's PostgreSQL server (started by `@toolloop/test-postgres/global-setup`)
 * and returns its connection string: call it once per test file, in `beforeAll`, so that files running at the
 * same time do not share tables.
 */
export async function createTestDatabase(): Promise<string> {
  const url = inject('postgresUrl') as string | undefined;
  if (url === undefined) {
    throw new Error(
      "No PostgreSQL server for this test run: add '@toolloop/test-postgres/global-setup' to the project's globalSetup.",
    );
  }
  return createDatabase(url);
}
