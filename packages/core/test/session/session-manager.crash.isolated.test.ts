import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelFactory } from './support/session-test-kit.js';

const supportDirectory = join(import.meta.dirname, 'support');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-crash-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Runs crash-child.mjs until it prints `second-started`, then kills it with SIGKILL; returns the session id. */
async function runChildAndKillIt(): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(supportDirectory, 'register-typescript.mjs'),
      join(supportDirectory, 'crash-child.mjs'),
      directory,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = once(child, 'exit');
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  let sessionId: string | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('session ')) sessionId = line.slice('session '.length);
    if (line === 'second-started') break;
  }
  child.kill('SIGKILL');
  const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  if (sessionId === undefined)
    throw new Error(`The child ended (${code ?? signal}) before its session: ${stderr}`);
  expect(signal).toBe('SIGKILL');
  return sessionId;
}

describe('SessionManager after the host process is killed', () => {
  it('resumes from the file store with the finished turn intact, and goes on with the interrupted one', async () => {
    const sessionId = await runChildAndKillIt();

    const factory = createModelFactory({ text: 'b is unknown.' });
    const manager = new SessionManager({
      createModel: factory.createModel,
      store: createFileSessionStore({ directory }),
      environment: { ANTHROPIC_API_KEY: 'sk-ant-parent' },
    });
    const resumed = await manager.getSession(sessionId);
    await manager.continueTurnStream(sessionId).result;

    expect(resumed?.toolCallCount).toBe(1);
    // The interrupted turn's message was saved as the turn started.
    expect(resumed?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(resumed?.messages[3]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'The value of a is 1.' }],
    });
    expect(factory.model.requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'And b?' });
    expect(factory.model.requests[0]?.messages).toHaveLength(5);
    expect(await readdir(directory)).toEqual([`${sessionId}.json`]);
    expect(await readFile(join(directory, `${sessionId}.json`), 'utf8')).not.toContain('sk-ant-child-secret');
    await manager.dispose();
  }, 30_000);
});
