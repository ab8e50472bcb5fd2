import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, createMemorySessionStore, type SessionStore } from '@toolloop/core/session';

/** The environment variable that gives the database of `sessionStore: postgres` scenarios. */
export const postgresUrlVariable = 'TOOLLOOP_EVAL_POSTGRES_URL';

/** How long a host's lease runs in a Postgres scenario: short, since a crashed host's runs out by real time. */
const postgresLeaseTtlMs = 1_000;

/** How long a host's lease runs over a memory or file store, whose clock the run moves past it after a crash. */
const clockLeaseTtlMs = 30_000;

/** The sessions of one scenario's hosts: where they are kept, and the clock their leases run out by. */
export interface ScenarioSessionStore {
  /** A store for one more host, over the scenario's sessions. */
  open(): SessionStore;
  /** The clock the hosts and their stores share; `undefined` for a store that runs leases by its own. */
  now: (() => number) | undefined;
  /** Lets every lease taken so far run out, as time does once a crashed host stops renewing its own. */
  outliveLeases(): void;
  /** The lease length the hosts are given. */
  leaseTtlMs: number;
  /** Closes every store opened and removes the scenario's sessions. */
  close(): Promise<void>;
}

/**
 * Opens what a scenario's `sessionStore` names: one memory store shared by every host; a file store per host over
 * a temporary directory; or a Postgres store per host over a schema of the scenario's own in the database that
 * `TOOLLOOP_EVAL_POSTGRES_URL` names (dropped at the end). Memory and file stores run leases by a clock the run
 * moves past a crashed host's lease; Postgres runs them by the database's clock, so its hosts take short leases.
 */
export async function openScenarioSessionStore(
  kind: 'memory' | 'file' | 'postgres',
  { environment = process.env }: { environment?: Readonly<Record<string, string | undefined>> } = {},
): Promise<ScenarioSessionStore> {
  let skewMs = 0;
  const now = () => Date.now() + skewMs;
  // Just past a lease's end, and no further: a session's idle timeout, on the same clock, is left as it was.
  const outliveLeases = () => {
    skewMs += clockLeaseTtlMs + 1;
  };
  switch (kind) {
    case 'memory': {
      const store = createMemorySessionStore({ now });
      return { open: () => store, now, outliveLeases, leaseTtlMs: clockLeaseTtlMs, close: async () => {} };
    }
    case 'file': {
      const directory = await mkdtemp(join(tmpdir(), 'toolloop-eval-sessions-'));
      return {
        open: () => createFileSessionStore({ directory, now }),
        now,
        outliveLeases,
        leaseTtlMs: clockLeaseTtlMs,
        close: () => rm(directory, { recursive: true, force: true }),
      };
    }
    case 'postgres':
      return openPostgresStore(environment[postgresUrlVariable]);
    default: {
      const unexpected: never = kind;
      throw new Error(`Unknown session store '${String(unexpected)}'.`);
    }
  }
}

async function openPostgresStore(connectionString: string | undefined): Promise<ScenarioSessionStore> {
  if (connectionString === undefined || connectionString === '') {
    throw new Error(
      `sessionStore: postgres needs a database: set ${postgresUrlVariable} to its connection string (postgres://user:password@host:5432/database). Each scenario works in a schema of its own, dropped at the end.`,
    );
  }
  const [{ default: pg }, { createPostgresSessionStore }] = await Promise.all([
    import('pg').catch((error: unknown) => {
      throw new Error('sessionStore: postgres needs the `pg` package, which could not be loaded.', {
        cause: error,
      });
    }),
    import('@toolloop/core/session/postgres'),
  ]);
  const schema = `toolloop_eval_${randomBytes(6).toString('hex')}`;
  // No idle timer: a connection given back mid-turn would otherwise leave a 10 s timer the turn's leftover check
  // sees; the connections end with the pool.
  const pool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 0 });
  // An idle client's error (the server went away) would otherwise be thrown from the pool as an event.
  pool.on('error', () => {});
  // `pool.end()` settles once it has asked each connection to end, before their sockets have closed: the run
  // waits for those too, so that nothing of the scenario outlives it.
  const connections = new Map<PoolClient, Promise<void>>();
  pool.on('connect', (client) => {
    connections.set(
      client,
      new Promise((resolve) => {
        client.once('end', () => {
          connections.delete(client);
          resolve();
        });
      }),
    );
  });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new Error(
      `sessionStore: postgres could not reach the database ${postgresUrlVariable} names: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const stores: Array<{ close(): Promise<void> }> = [];
  return {
    open() {
      const store = createPostgresSessionStore({ pool, schema });
      stores.push(store);
      return store;
    },
    now: undefined,
    outliveLeases: () => {},
    leaseTtlMs: postgresLeaseTtlMs,
    async close() {
      try {
        await Promise.all(stores.map((store) => store.close()));
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await pool.end();
        await Promise.all(connections.values());
      }
    },
  };
}
