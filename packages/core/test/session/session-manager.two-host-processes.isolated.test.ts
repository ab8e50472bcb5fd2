import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { createPostgresSessionStore } from '@toolloop/core/session/postgres';
import { createTestDatabase } from '@toolloop/test-postgres/vitest';
import { createScriptedModel } from '@toolloop/core/testing';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const supportDirectory = join(import.meta.dirname, 'support');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-two-host-processes-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Runs two-hosts-child.mjs as host `name`: `turns` messages to the session, in the store `where` names. */
async function runHost({
  name,
  sessionId,
  turns,
  where,
}: {
  name: string;
  sessionId: string;
  turns: number;
  where: [string, string];
}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(supportDirectory, 'register-typescript.mjs'),
      join(supportDirectory, 'two-hosts-child.mjs'),
      ...where,
      sessionId,
      name,
      String(turns),
      join(directory, 'journal.txt'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** The stores the hosts share: a file-store directory, and a schema of a real Postgres server. */
const stores = [
  {
    name: 'file store',
    open: () => {
      const sessions = join(directory, 'sessions');
      const store = createFileSessionStore({ directory: sessions });
      return { store, where: [sessions, ''] as [string, string], close: () => Promise.resolve() };
    },
  },
  {
    name: 'Postgres store',
    open: () => {
      const schema = `hosts_${randomBytes(6).toString('hex')}`;
      const store = createPostgresSessionStore({ connectionString: postgresUrl, schema });
      return { store, where: [postgresUrl, schema] as [string, string], close: () => store.close() };
    },
  },
];

let postgresUrl: string;

beforeAll(async () => {
  postgresUrl = await createTestDatabase();
});

describe.each(stores)('two host processes sending messages to one session in a $name', ({ open }) => {
  it('run its turns one at a time, each from the one before, and lose none', async () => {
    const { store, where, close } = open();
    const creator = new SessionManager({ createModel: () => createScriptedModel({ text: 'unused' }), store });
    const { id } = await creator.initializeSession({ type: 'openai', model: 'gpt-5' });
    await creator.dispose();
    const turns = 8;

    const hosts = await Promise.all(['A', 'B'].map((name) => runHost({ name, sessionId: id, turns, where })));
    const journal = (await readFile(join(directory, 'journal.txt'), 'utf8')).trim().split('\n');
    const stored = await store.load(id);
    await close();

    expect(hosts).toEqual([
      { code: 0, stdout: 'done\n', stderr: '' },
      { code: 0, stdout: 'done\n', stderr: '' },
    ]);
    // Each turn's start is followed by its own end before any other turn starts.
    const order = journal.filter((_, index) => index % 2 === 0).map((line) => line.slice('start '.length));
    expect(journal).toEqual(order.flatMap((turn) => [`start ${turn}`, `end ${turn}`]));
    expect([...order].sort()).toEqual(
      ['A', 'B'].flatMap((name) => Array.from({ length: turns }, (_, turn) => `${name}-${turn}`)).sort(),
    );
    // The transcript holds every turn, in the order they ran, each with its answer.
    expect(stored?.messages).toEqual(
      order.flatMap((turn) => [
        { role: 'user', content: turn },
        { role: 'assistant', content: [{ type: 'text', text: `answer to ${turn}` }] },
      ]),
    );
  }, 60_000);
});
