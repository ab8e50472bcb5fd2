import type { Pool as PgPool } from 'pg';

/** What the store asks of a connection: a query with positional values (`$1`…). `pg`'s clients and pools fit. */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A connection taken from a pool, given back with `release` (with an error, to close it instead). */
export interface PostgresPoolClient extends PostgresQueryable {
  release(error?: Error | boolean): void;
}

/** A pool of connections, as `pg`'s `Pool` is: the store runs each transaction on one connection of it. */
export interface PostgresPool extends PostgresQueryable {
  connect(): Promise<PostgresPoolClient>;
  end(): Promise<void>;
}

/**
 * Opens a `pg` pool for a connection string. `pg` is an optional peer of `@toolloop/core`, loaded only here: a
 * host that passes its own pool, or uses no Postgres store, never loads it.
 */
export async function openPool(connectionString: string): Promise<PostgresPool> {
  let Pool: typeof PgPool;
  try {
    ({ Pool } = (await import('pg')).default);
  } catch (error) {
    throw new Error(
      "The Postgres session store needs the 'pg' package to connect with a connection string: install it " +
        '(npm install pg), or pass a pool of your own (`pool`).',
      { cause: error },
    );
  }
  const pool = new Pool({ connectionString });
  // An idle connection the server closed (a restart, a failover) is reported by the next query that needs one;
  // left unheard, `pg` would throw it out of the event loop and end the host.
  pool.on('error', () => undefined);
  return pool;
}
