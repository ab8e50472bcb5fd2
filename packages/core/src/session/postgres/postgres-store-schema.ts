import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { inTransaction } from './in-transaction.js';
import type { PostgresPool, PostgresQueryable } from './postgres-pool.js';

/** The store's tables in a schema, quoted for SQL. */
export interface PostgresStoreTables {
  schema: string;
  sessions: string;
  messages: string;
  /** One row: the version of the tables, so that a newer toolloop migrates them and an older one refuses them. */
  storeSchema: string;
}

const identifierPattern = /^[a-z_][a-z0-9_]{0,62}$/;

/** The tables of the store in `schema`; a schema name that is not a plain identifier is refused. */
export function toStoreTables(schema: string): PostgresStoreTables {
  if (!identifierPattern.test(schema)) {
    throw new InvalidArgumentError({
      argument: 'schema',
      message: `must be a plain lower-case identifier (letters, digits, '_', at most 63), not ${JSON.stringify(schema)}.`,
    });
  }
  return {
    schema: `"${schema}"`,
    sessions: `"${schema}"."toolloop_sessions"`,
    messages: `"${schema}"."toolloop_session_messages"`,
    storeSchema: `"${schema}"."toolloop_store_schema"`,
  };
}

/**
 * The migrations, in order: the tables are at version `index + 1` once the migration at `index` ran. A session is
 * a row (its config, the record of its activity and counts, its version and lease); its messages are rows of
 * their own, one per message, so a turn inserts only its new ones. `json`, not `jsonb`: kept as written (a tool's
 * output may hold any character), and never queried inside.
 */
const migrations: ReadonlyArray<(tables: PostgresStoreTables) => string> = [
  ({ sessions, messages }) => `
    CREATE TABLE ${sessions} (
      id text PRIMARY KEY,
      version integer NOT NULL CHECK (version >= 1),
      llm_config json NOT NULL,
      record json NOT NULL,
      message_count integer NOT NULL CHECK (message_count >= 0),
      lease_owner text,
      lease_expires_at timestamptz,
      saved_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE TABLE ${messages} (
      session_id text NOT NULL REFERENCES ${sessions} (id) ON DELETE CASCADE,
      position integer NOT NULL,
      message json NOT NULL,
      PRIMARY KEY (session_id, position)
    );`,
  // The host whose save made the stored version: a host tells its copy from another's by it.
  ({ sessions }) => `ALTER TABLE ${sessions} ADD COLUMN saved_by text;`,
];

/** The version of the tables this toolloop writes. */
export const storeSchemaVersion = migrations.length;

/**
 * Creates the store's tables, or migrates them to `storeSchemaVersion`, once per database however many hosts
 * start at the same time (they wait for each other on an advisory lock). Tables of a newer version are refused:
 * this toolloop would not know what it writes over.
 */
export async function migrateStoreSchema(pool: PostgresPool, tables: PostgresStoreTables): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `toolloop.session-store:${tables.schema}`,
    ]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${tables.schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${tables.storeSchema} (version integer NOT NULL)`);
    const current = await readVersion(client, tables);
    if (current > storeSchemaVersion) {
      throw new Error(
        `The session tables in Postgres schema ${tables.schema} are at version ${current}, written by a newer ` +
          `toolloop; this one knows up to version ${storeSchemaVersion}. Upgrade @toolloop/core on this host.`,
      );
    }
    for (const migrate of migrations.slice(current)) await client.query(migrate(tables));
    if (current === 0)
      await client.query(`INSERT INTO ${tables.storeSchema} (version) VALUES ($1)`, [storeSchemaVersion]);
    else await client.query(`UPDATE ${tables.storeSchema} SET version = $1`, [storeSchemaVersion]);
  });
}

async function readVersion(client: PostgresQueryable, tables: PostgresStoreTables): Promise<number> {
  const { rows } = await client.query(`SELECT version FROM ${tables.storeSchema}`);
  const [row] = rows as Array<{ version: number }>;
  return row?.version ?? 0;
}
