import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { SessionConflictError } from '../../errors/session-conflict-error.js';
import type { SessionData } from '../session-data.js';
import { checkLeaseRequest, checkSaveAllowed } from '../session-lease.js';
import { toSessionRecord } from '../session-record.js';
import type { SessionChange, SessionLeaseResult, SessionStore } from '../session-store.js';
import { withholdSecrets } from '../withhold-secrets.js';
import { inTransaction } from './in-transaction.js';
import { parseSessionRow, type SessionRow } from './parse-session-row.js';
import { openPool, type PostgresPool, type PostgresQueryable } from './postgres-pool.js';
import { migrateStoreSchema, type PostgresStoreTables, toStoreTables } from './postgres-store-schema.js';

/** Where a Postgres store keeps sessions: a database (by connection string, or a pool of yours) and a schema. */
export type PostgresSessionStoreOptions = (
  | {
      /** `postgres://user:password@host:5432/database`: the store opens a pool of its own, which `close()` ends. */
      connectionString: string;
      pool?: undefined;
    }
  | {
      /** A `pg` pool (or any pool of that shape) of yours: the store does not end it. */
      pool: PostgresPool;
      connectionString?: undefined;
    }
) & {
  /** The Postgres schema of the store's tables, created if missing; `public` unless given. */
  schema?: string;
};

/** A session store in Postgres; `close()` ends the pool it opened. */
export interface PostgresSessionStore extends SessionStore {
  close(): Promise<void>;
}

/**
 * A store in Postgres, for hosts on several machines. It keeps the store contract: versions (a save runs in a
 * transaction that locks the session's row and checks its version), and leases kept in the row, run out by the
 * database's clock, so the hosts' clocks need not agree. Its tables are created, or migrated, on first use.
 * Each message is a row: a turn inserts only its new ones, so its cost does not grow with the history. The API
 * key and server secrets given literally are never written.
 *
 * `pg` is an optional peer: install it to use a connection string, or pass a pool of your own.
 *
 * @example
 * const store = createPostgresSessionStore({ connectionString: process.env.DATABASE_URL });
 * const manager = new SessionManager({ createModel, store, hostId: process.env.HOSTNAME });
 * // at shutdown: await manager.dispose(); await store.close();
 */
export function createPostgresSessionStore(options: PostgresSessionStoreOptions): PostgresSessionStore {
  const tables = toStoreTables(options.schema ?? 'public');
  const where = tables.sessions;
  const { pool: givenPool, connectionString } = options;
  if (givenPool === undefined && typeof connectionString !== 'string') {
    throw new InvalidArgumentError({
      argument: 'connectionString',
      message: 'give a connection string, or a pool (`pool`).',
    });
  }
  let opened: Promise<PostgresPool> | undefined;
  let closed = false;
  /** The operations under way: `close()` lets them settle before it ends the pool (which would leave them hanging). */
  const pending = new Set<Promise<unknown>>();
  const track = <RESULT>(operation: (pool: PostgresPool) => Promise<RESULT>): Promise<RESULT> => {
    const running = ready().then(operation);
    const settled = running.catch(() => undefined);
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
    return running;
  };
  /** The pool, with the tables made ready, once; a failure is tried again at the next use. */
  const ready = () => {
    if (closed) return Promise.reject(new Error('This Postgres session store was closed.'));
    opened ??= (async () => {
      const pool = givenPool ?? (await openPool(connectionString));
      try {
        await migrateStoreSchema(pool, tables);
      } catch (error) {
        if (givenPool === undefined) await pool.end().catch(() => undefined);
        throw error;
      }
      return pool;
    })().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };

  return {
    load: (id) =>
      track(async (pool) => {
        const { rows } = await pool.query(
          `SELECT s.version, s.saved_by, s.llm_config, s.record,
                COALESCE((SELECT json_agg(m.message ORDER BY m.position) FROM ${tables.messages} m
                          WHERE m.session_id = s.id), '[]'::json) AS messages
           FROM ${tables.sessions} s WHERE s.id = $1`,
          [checkId(id)],
        );
        const [row] = rows as SessionRow[];
        return row === undefined ? undefined : parseSessionRow({ id, row, table: tables.sessions });
      }),

    save: (session, { change, leaseOwner } = {}) => {
      return track((pool) =>
        inTransaction(pool, async (client) => {
          const id = checkId(session.id);
          const { rows } = await client.query(
            `SELECT version, message_count, lease_owner, lease_expires_at, clock_timestamp() AS now
             FROM ${tables.sessions} WHERE id = $1 FOR UPDATE`,
            [id],
          );
          const [row] = rows as StoredRow[];
          checkSaveAllowed({
            sessionId: id,
            path: where,
            expectedVersion: session.version,
            storedVersion: row?.version,
            lease:
              row?.lease_owner == null || row.lease_expires_at === null
                ? undefined
                : { owner: row.lease_owner, expiresAt: row.lease_expires_at.getTime() },
            leaseOwner,
            now: row?.now.getTime() ?? 0,
          });
          if (row === undefined) {
            await insertSession({ client, tables, session, where, savedBy: leaseOwner });
            return 1;
          }
          const version = row.version + 1;
          const from = appendedFrom({ session, change, stored: row.message_count });
          if (from === undefined) {
            await client.query(`DELETE FROM ${tables.messages} WHERE session_id = $1`, [id]);
          }
          await insertMessages({ client, tables, session, from: from ?? 0 });
          await client.query(
            `UPDATE ${tables.sessions}
              SET version = $2, record = $3, message_count = $4, saved_by = $5, saved_at = clock_timestamp()
                  ${from === undefined ? ', llm_config = $6' : ''}
            WHERE id = $1`,
            [
              id,
              version,
              JSON.stringify(toSessionRecord(session)),
              session.messages.length,
              leaseOwner ?? null,
              ...(from === undefined ? [JSON.stringify(withholdSecrets(session.llmConfig).stored)] : []),
            ],
          );
          return version;
        }),
      );
    },

    delete: (id) =>
      track(async (pool) => {
        await pool.query(`DELETE FROM ${tables.sessions} WHERE id = $1`, [checkId(id)]);
      }),

    list: () =>
      track(async (pool) => {
        const { rows } = await pool.query(`SELECT id FROM ${tables.sessions} ORDER BY id`);
        return (rows as Array<{ id: string }>).map((row) => row.id);
      }),

    acquireLease: (id, request) =>
      track((pool) => {
        checkLeaseRequest(request);
        return acquireLease({ pool, tables, id: checkId(id), ...request });
      }),

    releaseLease: (id, owner) =>
      track(async (pool) => {
        await pool.query(
          `UPDATE ${tables.sessions} SET lease_owner = NULL, lease_expires_at = NULL
            WHERE id = $1 AND lease_owner = $2`,
          [checkId(id), owner],
        );
      }),

    async close() {
      closed = true;
      // What was asked before the close is answered; anything asked after it is refused (see `ready`).
      await Promise.all(pending);
      const pool = await opened?.catch(() => undefined);
      opened = undefined;
      if (pool !== undefined && givenPool === undefined) await pool.end();
    },
  };
}

/** What a save reads of the session's row, under its lock. */
interface StoredRow {
  version: number;
  message_count: number;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  now: Date;
}

/**
 * Takes or renews the lease in one statement, by the database's clock: the row is updated only while no other
 * owner's lease runs. When it is not, the row says why; a lease released between the two is asked for again.
 */
async function acquireLease({
  pool,
  tables,
  id,
  owner,
  ttlMs,
}: {
  pool: PostgresPool;
  tables: PostgresStoreTables;
  id: string;
  owner: string;
  ttlMs: number;
}): Promise<SessionLeaseResult> {
  for (;;) {
    const taken = await pool.query(
      `UPDATE ${tables.sessions}
          SET lease_owner = $2, lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond'
        WHERE id = $1 AND (lease_owner IS NULL OR lease_owner = $2 OR lease_expires_at IS NULL
               OR lease_expires_at <= clock_timestamp())
        RETURNING version, saved_by, lease_expires_at`,
      [id, owner, ttlMs],
    );
    const [lease] = taken.rows as Array<{ version: number; saved_by: string | null; lease_expires_at: Date }>;
    if (lease !== undefined) {
      return {
        type: 'acquired',
        version: lease.version,
        savedBy: lease.saved_by ?? undefined,
        expiresAt: lease.lease_expires_at,
      };
    }
    const held = await pool.query(
      `SELECT lease_owner, lease_expires_at, clock_timestamp() AS now FROM ${tables.sessions} WHERE id = $1`,
      [id],
    );
    const [row] = held.rows as Array<Pick<StoredRow, 'lease_owner' | 'lease_expires_at' | 'now'>>;
    if (row === undefined) return { type: 'missing' };
    if (
      row.lease_owner !== null &&
      row.lease_owner !== owner &&
      row.lease_expires_at !== null &&
      row.lease_expires_at > row.now
    ) {
      return { type: 'busy', owner: row.lease_owner, expiresAt: row.lease_expires_at };
    }
  }
}

/** Inserts a new session's row and messages; a row another host inserted meanwhile refuses the save. */
async function insertSession({
  client,
  tables,
  session,
  where,
  savedBy,
}: {
  client: PostgresQueryable;
  tables: PostgresStoreTables;
  session: SessionData;
  where: string;
  savedBy: string | undefined;
}): Promise<void> {
  const { rows } = await client.query(
    `INSERT INTO ${tables.sessions} (id, version, llm_config, record, message_count, saved_by)
     VALUES ($1, 1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING version`,
    [
      session.id,
      JSON.stringify(withholdSecrets(session.llmConfig).stored),
      JSON.stringify(toSessionRecord(session)),
      session.messages.length,
      savedBy ?? null,
    ],
  );
  if (rows.length === 0) {
    const stored = await client.query(`SELECT version FROM ${tables.sessions} WHERE id = $1`, [session.id]);
    const [row] = stored.rows as Array<{ version: number }>;
    throw new SessionConflictError({
      sessionId: session.id,
      path: where,
      reason: 'changed',
      expectedVersion: undefined,
      storedVersion: row?.version,
    });
  }
  await insertMessages({ client, tables, session, from: 0 });
}

/** Inserts the session's messages from `from` on, in one statement. */
async function insertMessages({
  client,
  tables,
  session,
  from,
}: {
  client: PostgresQueryable;
  tables: PostgresStoreTables;
  session: SessionData;
  from: number;
}): Promise<void> {
  const added = session.messages.slice(from);
  if (added.length === 0) return;
  await client.query(
    `INSERT INTO ${tables.messages} (session_id, position, message)
     SELECT $1, $2::integer + ordinality::integer - 1, value FROM json_array_elements($3::json) WITH ORDINALITY`,
    [session.id, from, JSON.stringify(added)],
  );
}

/** Where the appended messages start, when `change` fits the `stored` count; else the session is written whole. */
function appendedFrom({
  session,
  change,
  stored,
}: {
  session: SessionData;
  change: SessionChange | undefined;
  stored: number;
}): number | undefined {
  if (change === undefined || change.appendedMessages < 0) return undefined;
  return session.messages.length - change.appendedMessages === stored ? stored : undefined;
}

function checkId(id: string): string {
  // Postgres text holds no NUL character.
  if (typeof id === 'string' && id.length > 0 && id.length <= 256 && !id.includes('\u0000')) return id;
  throw new InvalidArgumentError({
    argument: 'id',
    message: 'a stored session id is 1 to 256 characters, none of them NUL.',
  });
}
