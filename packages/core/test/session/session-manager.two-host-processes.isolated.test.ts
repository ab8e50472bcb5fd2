import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { createScriptedModel } from '@toolloop/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const supportDirectory = join(import.meta.dirname, 'support');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-two-host-processes-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Runs two-hosts-child.mjs as host `name`: `turns` messages to the session. */
async function runHost({ name, sessionId, turns }: { name: string; sessionId: string; turns: number }) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(supportDirectory, 'register-typescript.mjs'),
      join(supportDirectory, 'two-hosts-child.mjs'),
      join(directory, 'sessions'),
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

describe('two host processes sending messages to one session in one file-store directory', () => {
  it('run its turns one at a time, each from the one before, and lose none', async () => {
    const creator = new SessionManager({
      createModel: () => createScriptedModel({ text: 'unused' }),
      store: createFileSessionStore({ directory: join(directory, 'sessions') }),
    });
    const { id } = await creator.initializeSession({ type: 'openai', model: 'gpt-5' });
    await creator.dispose();
    const turns = 8;

    const hosts = await Promise.all(['A', 'B'].map((name) => runHost({ name, sessionId: id, turns })));
    const journal = (await readFile(join(directory, 'journal.txt'), 'utf8')).trim().split('\n');
    const stored = await createFileSessionStore({ directory: join(directory, 'sessions') }).load(id);

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
    expect(await readdir(join(directory, 'sessions'))).toEqual([`${id}.json`]);
  }, 60_000);
});
