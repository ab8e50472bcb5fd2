// Whether `pg` is loaded (by the Postgres store test): imports the Postgres store's entry, uses a store on a
// pool of its own (one that answers every query with no rows), then, when asked, a store with a connection
// string; prints the `pg` modules loaded after each step, as JSON lines.
import { createRequire } from 'node:module';
import process from 'node:process';
import { createPostgresSessionStore } from '../../../src/session/postgres/index.ts';

const loadedPg = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((path) =>
    /[\\/]node_modules[\\/]pg[\\/]/.test(path),
  ).length;
const client = { query: async () => ({ rows: [] }), release: () => undefined };
const pool = { ...client, connect: async () => client, end: async () => undefined };

process.stdout.write(`${JSON.stringify({ step: 'imported', pgModules: loadedPg() })}\n`);
const store = createPostgresSessionStore({ pool });
await store.list();
process.stdout.write(`${JSON.stringify({ step: 'own pool', pgModules: loadedPg() })}\n`);
if (process.argv[2] === 'connect') {
  // Nothing listens on port 1: the store fails to connect, after loading `pg`.
  const connecting = createPostgresSessionStore({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
  await connecting.list().catch(() => undefined);
  await connecting.close();
  process.stdout.write(`${JSON.stringify({ step: 'connection string', pgModules: loadedPg() })}\n`);
}
