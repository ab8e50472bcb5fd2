import { randomBytes } from 'node:crypto';
import { InvalidArgumentError } from '@toolloop/core';
import type { SessionData } from '@toolloop/core/session';
import { createPostgresSessionStore, type PostgresSessionStore } from '@toolloop/core/session/postgres';
import { createTestDatabase } from '@toolloop/test-postgres/vitest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSessionStoreContract } from './support/session-store-contract.js';

let connectionString: string;
let admin: pg.Pool;

beforeAll(async () => {
  connectionString = await createTestDatabase();
  admin = new pg.Pool({ connectionString, max: 2 });
});

afterAll(async () => {
  await admin.end();
});

/** Stores on one schema of their own: the tests of a file share its database, not its tables. */
function openStores(schema = `t_${randomBytes(6).toString('hex')}`) {
  const stores: PostgresSessionStore[] = [];
  const open = () => {
    const store = createPostgresSessionStore({ connectionString, schema });
    stores.push(store);
    return store;
  };
  return {
    schema,
    open,
    close: async () => {
      await Promise.all(stores.map((store) => store.close()));
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

describeSessionStoreContract('Postgres store', () => {
  const stores = openStores();
  return Promise.resolve({ store: stores.open(), another: stores.open, close: stores.close });
});

// A caller may hand the store a config with its secrets: they are withheld all the same.
const session: SessionData = {
  id: 'pg-1',
  llmConfig: {
    type: 'claude',
    model: 'claude-sonnet-4-6',
    api_key: 'sk-ant-never-in-postgres',
    servers: {
      api: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer never-in-postgres' } },
    },
  } as SessionData['llmConfig'],
  messages: [
    { role: 'user', content: 'Read note 1 and say what is odd in it.' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', text: 'Look at it.', providerData: { signature: 'sig-1' } },
        { type: 'tool-call', id: 'call_1', name: 'read_note', input: { id: 1 } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'read_note',
          output: {
            content: [{ type: 'text', text: 'a NUL \u0000 byte, "quotes", emoji 🦀 and \\ slashes' }],
          },
          isError: false,
        },
      ],
    },
  ],
  lastActivity: new Date('2026-12-03T10:00:00.000Z'),
  toolCallCount: 1,
  tokenCount: 120,
};

describe('createPostgresSessionStore', () => {
  it('keeps every message as written, characters Postgres text refuses included, and never a secret', async () => {
    const stores = openStores();
    try {
      const store = stores.open();
      await store.save(session);

      const loaded = await stores.open().load(session.id);
      const { rows } = await admin.query<{ row: string }>(
        `SELECT row_to_json(s)::text AS row FROM "${stores.schema}".toolloop_sessions s`,
      );

      expect(loaded).toEqual({
        ...session,
        version: 1,
        llmConfig: {
          type: 'claude',
          model: 'claude-sonnet-4-6',
          servers: { api: { url: 'https://example.com/mcp', headers: { authorization: null } } },
        },
      });
      expect(rows[0]?.row).not.toContain('never-in-postgres');
    } finally {
      await stores.close();
    }
  });

  it('inserts only the new messages of a turn: the rows written before stay as they were', async () => {
    const stores = openStores();
    try {
      const store = stores.open();
      await store.save(session);
      const before = await admin.query(
        `SELECT position, xmin::text FROM "${stores.schema}".toolloop_session_messages ORDER BY position`,
      );

      await store.save(
        { ...session, version: 1, messages: [...session.messages, { role: 'user', content: 'And note 2?' }] },
        { change: { appendedMessages: 1 } },
      );
      const after = await admin.query(
        `SELECT position, xmin::text FROM "${stores.schema}".toolloop_session_messages ORDER BY position`,
      );

      expect(after.rows.slice(0, 3)).toEqual(before.rows);
      expect(after.rows).toHaveLength(4);
    } finally {
      await stores.close();
    }
  });

  it('creates its tables once when several hosts start at the same time, and refuses tables of a newer version', async () => {
    const stores = openStores();
    try {
      const hosts = [stores.open(), stores.open(), stores.open(), stores.open()];
      await Promise.all(hosts.map((host, index) => host.save({ ...session, id: `start-${index}` })));
      await admin.query(`UPDATE "${stores.schema}".toolloop_store_schema SET version = 99`);

      const refused = await stores
        .open()
        .list()
        .catch((error: unknown) => error);

      expect((await hosts[0]!.list()).sort()).toEqual(['start-0', 'start-1', 'start-2', 'start-3']);
      expect(String(refused)).toContain(
        `The session tables in Postgres schema "${stores.schema}" are at version 99, written by a newer toolloop`,
      );
    } finally {
      await stores.close();
    }
  });

  it('migrates tables an earlier toolloop made, keeping their sessions', async () => {
    const stores = openStores();
    const tables = `"${stores.schema}".toolloop_sessions`;
    try {
      // The tables as the first version of the store made them: no saved_by.
      await admin.query(`CREATE SCHEMA "${stores.schema}"`);
      await admin.query(`CREATE TABLE "${stores.schema}".toolloop_store_schema (version integer NOT NULL)`);
      await admin.query(`INSERT INTO "${stores.schema}".toolloop_store_schema VALUES (1)`);
      await admin.query(`CREATE TABLE ${tables} (
        id text PRIMARY KEY, version integer NOT NULL CHECK (version >= 1), llm_config json NOT NULL,
        record json NOT NULL, message_count integer NOT NULL CHECK (message_count >= 0), lease_owner text,
        lease_expires_at timestamptz, saved_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
      await admin.query(`CREATE TABLE "${stores.schema}".toolloop_session_messages (
        session_id text NOT NULL REFERENCES ${tables} (id) ON DELETE CASCADE, position integer NOT NULL,
        message json NOT NULL, PRIMARY KEY (session_id, position))`);
      await admin.query(
        `INSERT INTO ${tables} (id, version, llm_config, record, message_count) VALUES ($1, 3, $2, $3, 1)`,
        [
          'old',
          JSON.stringify({ type: 'openai', model: 'gpt-5' }),
          JSON.stringify({ lastActivity: '2026-12-01T10:00:00.000Z', toolCallCount: 0 }),
        ],
      );
      await admin.query(
        `INSERT INTO "${stores.schema}".toolloop_session_messages VALUES ('old', 0, '{"role":"user","content":"Hi"}')`,
      );
      const store = stores.open();

      const loaded = await store.load('old');
      const lease = await store.acquireLease('old', { owner: 'host-a', ttlMs: 30_000 });
      const version = await store.save(
        { ...loaded!, messages: [...loaded!.messages, { role: 'user', content: 'Again' }] },
        { change: { appendedMessages: 1 }, leaseOwner: 'host-a' },
      );
      const { rows } = await admin.query<{ version: number }>(
        `SELECT version FROM "${stores.schema}".toolloop_store_schema`,
      );

      expect(loaded?.messages).toEqual([{ role: 'user', content: 'Hi' }]);
      expect(lease).toMatchObject({ type: 'acquired', version: 3, savedBy: undefined });
      expect(version).toBe(4);
      expect((await store.load('old'))?.savedBy).toBe('host-a');
      expect(rows).toEqual([{ version: 2 }]);
    } finally {
      await stores.close();
    }
  });

  it('names the table, the session and the field of a row another program wrote wrong', async () => {
    const stores = openStores();
    try {
      const store = stores.open();
      await store.save(session);
      await admin.query(
        `UPDATE "${stores.schema}".toolloop_sessions SET record = '{"lastActivity":"x","toolCallCount":-1}'`,
      );

      const refused = await store.load(session.id).catch((error: unknown) => error);

      expect(String(refused)).toContain(
        `session 'pg-1' in Postgres table "${stores.schema}"."toolloop_sessions"`,
      );
      expect(String(refused)).toContain('record.lastActivity');
      expect(String(refused)).toContain('record.toolCallCount');
    } finally {
      await stores.close();
    }
  });

  it('answers what was asked before close() (on first use too), refuses what is asked after, and leaves nothing open', async () => {
    const stores = openStores();
    try {
      await stores.open().save(session);
      const store = stores.open();
      // Asked before the store's first use has made the tables ready, and closed at once.
      const listed = store.list();
      const loaded = store.load(session.id);
      const closing = store.close();
      const after = await store.list().catch((error: unknown) => error);

      expect(await listed).toEqual(['pg-1']);
      expect((await loaded)?.version).toBe(1);
      await closing;
      expect(String(after)).toContain('This Postgres session store was closed.');
    } finally {
      await stores.close();
    }
  });

  it('refuses, naming the argument, a session id Postgres cannot hold and a schema that is no plain name', async () => {
    const stores = openStores();
    try {
      const refused = await stores
        .open()
        .save({ ...session, id: 'a\u0000b' })
        .catch((error: unknown) => error);

      expect(InvalidArgumentError.isInstance(refused) && refused.argument).toBe('id');
      expect(() => createPostgresSessionStore({ connectionString, schema: 'x"; DROP TABLE y; --' })).toThrow(
        "Invalid option 'schema'",
      );
    } finally {
      await stores.close();
    }
  });

  it('says what to give when neither a connection string nor a pool is', () => {
    expect(() => createPostgresSessionStore({} as never)).toThrow(/give a connection string, or a pool/);
  });
});
