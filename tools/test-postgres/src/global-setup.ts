import type { TestProject } from 'vitest/node';
import './provided-context.js';
import { startPostgresServer, type PostgresServer } from './start-postgres-server.js';

/** The server of this vitest run, shared by its projects (each runs its global setup), stopped after the last. */
interface SharedServer {
  server: Promise<PostgresServer>;
  users: number;
}

const sharedKey = Symbol.for('@toolloop/test-postgres/server');
const shared = globalThis as { [sharedKey]?: SharedServer };

/**
 * vitest `globalSetup` (`globalSetup: ['@toolloop/test-postgres/global-setup']`): starts one PostgreSQL server for
 * the run and hands its connection string to the tests as `inject('postgresUrl')`; `createTestDatabase` from
 * `@toolloop/test-postgres/vitest` makes a database of it for a test file. The projects of one run (a package's
 * isolated files are a project of their own) share the server.
 *
 * vitest runs global setups in its main thread, which is what lets the kernel stop the server when the runner is
 * killed: a server started in a test worker would be stopped when that worker's thread ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (shared[sharedKey] ??= { server: startPostgresServer(), users: 0 });
  entry.users++;
  let server: PostgresServer;
  try {
    server = await entry.server;
  } catch (error) {
    release(entry);
    throw error;
  }
  project.provide('postgresUrl', server.connectionString);
  return async () => {
    if (release(entry)) await server.stop();
  };
}

/** Whether the last user of the shared server let go of it. */
function release(entry: SharedServer): boolean {
  entry.users--;
  if (entry.users > 0) return false;
  if (shared[sharedKey] === entry) shared[sharedKey] = undefined;
  return true;
}
