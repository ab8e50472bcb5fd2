import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { defineTool } from '@toolloop/core';
import { createFileSessionStore, SessionManager, type SessionStore } from '@toolloop/core/session';
import { createPostgresSessionStore } from '@toolloop/core/session/postgres';
import { createScriptedModel } from '@toolloop/core/testing';
import { createTestDatabase } from '@toolloop/test-postgres/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolResultTexts } from '../tool-result-texts.js';

const supportDirectory = join(import.meta.dirname, 'support');
let directory: string;
let postgresUrl: string;

beforeAll(async () => {
  postgresUrl = await createTestDatabase();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-crash-resume-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Runs crash-resume-child.mjs until its round is half done, then kills it with SIGKILL; returns the session id. */
async function crashHostMidRound(where: [string, string]): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(supportDirectory, 'register-typescript.mjs'),
      join(supportDirectory, 'crash-resume-child.mjs'),
      ...where,
      join(directory, 'runs.txt'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = once(child, 'exit');
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  let sessionId: string | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('session ')) sessionId = line.slice('session '.length);
    if (line === 'crash-point') break;
  }
  child.kill('SIGKILL');
  const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  if (sessionId === undefined || signal !== 'SIGKILL') {
    throw new Error(`The child ended (${code ?? signal}) before its crash point: ${stderr}`);
  }
  return sessionId;
}

/** A host that takes over: the same tools, which now finish, each run a line in the runs file. */
function startHost(store: SessionStore) {
  const model = createScriptedModel([{ text: 'All three are handled.' }, { text: 'You are welcome.' }]);
  const tool = (name: string, text: string) =>
    defineTool({
      name,
      inputSchema: { type: 'object' },
      idempotent: name === 'lookup',
      execute: async () => {
        await appendFile(join(directory, 'runs.txt'), `${name}\n`);
        return text;
      },
    });
  const manager = new SessionManager({
    createModel: () => model,
    store,
    hostId: 'new-host',
    tools: [tool('email', 'email sent'), tool('book', 'booked'), tool('lookup', 'found')],
  });
  return { manager, model };
}

const stores = [
  {
    name: 'file store',
    open: () => {
      const sessions = join(directory, 'sessions');
      return {
        store: createFileSessionStore({ directory: sessions }),
        where: [sessions, ''] as [string, string],
        close: () => Promise.resolve(),
      };
    },
  },
  {
    name: 'Postgres store',
    open: () => {
      const schema = `crash_${randomBytes(6).toString('hex')}`;
      const store = createPostgresSessionStore({ connectionString: postgresUrl, schema });
      return { store, where: [postgresUrl, schema] as [string, string], close: () => store.close() };
    },
  },
];

describe.each(stores)('a turn whose host was killed mid-round, in a $name', ({ open }) => {
  it('goes on from its last checkpoint on another host, and runs no call twice', async () => {
    const { store, where, close } = open();
    const sessionId = await crashHostMidRound(where);
    const { manager, model } = startHost(store);

    const chunks: string[] = [];
    const stream = manager.continueTurnStream(sessionId);
    for await (const chunk of stream) chunks.push(chunk.type === 'status' ? chunk.message : chunk.type);
    const result = await stream.result;
    const stored = await store.load(sessionId);
    await manager.dispose();
    await close();

    // `email` finished before the crash, `book` (not idempotent) and `lookup` (idempotent) had started.
    expect((await readFile(join(directory, 'runs.txt'), 'utf8')).trim().split('\n').sort()).toEqual([
      'book',
      'email',
      'lookup',
      'lookup',
    ]);
    expect(toolResultTexts(model.requests[0]?.messages ?? [])).toEqual({
      c1: 'email sent',
      c2: expect.stringMatching(
        /^Interrupted: 'book' started before the host running this turn stopped/,
      ) as string,
      c3: 'found',
    });
    expect(chunks[0]).toBe(
      'Going on with the turn a host that stopped left under way, from its last checkpoint.',
    );
    expect(result.stopReason).toBe('completed');
    expect(stored?.turnUnderWay).toBeUndefined();
    expect(stored?.toolJournal).toBeUndefined();
    expect(stored?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  }, 60_000);

  it("finishes that turn first when the session's next message comes, then answers the message", async () => {
    const { store, where, close } = open();
    const sessionId = await crashHostMidRound(where);
    const { manager, model } = startHost(store);

    const statuses: string[] = [];
    const stream = manager.sendMessageStream(sessionId, 'Thanks!');
    for await (const chunk of stream) if (chunk.type === 'status') statuses.push(chunk.message);
    const result = await stream.result;
    await manager.dispose();
    await close();

    expect(statuses[0]).toBe(
      'Going on with the turn a host that stopped left under way before this one, from its last checkpoint.',
    );
    expect(result.text).toBe('You are welcome.');
    expect(model.requests[1]?.messages.slice(-2)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'All three are handled.' }] },
      { role: 'user', content: 'Thanks!' },
    ]);
  }, 60_000);
});
