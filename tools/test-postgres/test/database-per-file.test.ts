import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../src/vitest.js';
import { waitFor } from './wait-for.js';

describe('a database of the run’s server (global setup)', () => {
  let url: string;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    clients.push(client);
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    url = await createTestDatabase();
    const client = await connect();
    await client.query('CREATE TABLE leases (id text PRIMARY KEY, holder text)');
    await client.query("INSERT INTO leases VALUES ('session-1', NULL)");
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
  });

  it('is a new database of its own', async () => {
    expect(url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test_[0-9a-f]{16}$/u);
    const client = await connect();
    const { rows } = await client.query<{ name: string; user: string }>(
      'SELECT current_database() AS name, current_user AS user',
    );
    expect(rows[0]).toEqual({ name: new URL(url).pathname.slice(1), user: 'postgres' });
  });

  it('makes a second client wait for the row a first one locked, until it commits', async () => {
    const [first, second, observer] = await Promise.all([connect(), connect(), connect()]);
    const secondPid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const firstPid = (await first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await first.query('BEGIN');
    await first.query("SELECT * FROM leases WHERE id = 'session-1' FOR UPDATE");
    await second.query('BEGIN');
    let secondRead = false;
    const secondLock = second
      .query<{ holder: string | null }>("SELECT holder FROM leases WHERE id = 'session-1' FOR UPDATE")
      .then((result) => {
        secondRead = true;
        return result.rows[0]!.holder;
      });

    let blockers: number[] = [];
    await waitFor('the second client to wait for the first one’s lock', async () => {
      const { rows } = await observer.query<{ blockers: number[] }>(
        'SELECT pg_blocking_pids($1) AS blockers',
        [secondPid],
      );
      blockers = rows[0]!.blockers;
      return blockers.length > 0;
    });
    expect(blockers).toEqual([firstPid]);
    expect(secondRead).toBe(false);

    await first.query("UPDATE leases SET holder = 'first' WHERE id = 'session-1'");
    await first.query('COMMIT');
    expect(await secondLock).toBe('first');
    await second.query('COMMIT');
  });

  it('runs the server as a user that is not root', async () => {
    const client = await connect();
    const { rows } = await client.query<{ pid: number; user: string }>(
      'SELECT pg_backend_pid() AS pid, current_user AS user',
    );
    expect(rows[0]!.user).toBe('postgres');
    if (process.platform === 'linux') {
      const status = await readFile(`/proc/${rows[0]!.pid}/status`, 'utf8');
      const [, realUid] = /^Uid:\s+(\d+)/mu.exec(status)!;
      expect(Number(realUid)).not.toBe(0);
      if (process.getuid?.() !== 0) expect(Number(realUid)).toBe(process.getuid?.());
    }
  });
});
