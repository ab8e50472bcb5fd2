import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, SessionConflictError, SessionManager } from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelFactory } from './support/session-test-kit.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-two-hosts-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Two workers of one service: each its own manager and file store, on one directory. */
async function startTwoHosts() {
  const first = new SessionManager({
    createModel: createModelFactory([{ text: 'Hello from A.' }, { text: 'A again.' }, { text: 'A, third.' }])
      .createModel,
    store: createFileSessionStore({ directory }),
  });
  const second = new SessionManager({
    createModel: createModelFactory({ text: 'Hello from B.' }).createModel,
    store: createFileSessionStore({ directory }),
  });
  const { id } = await first.initializeSession({ type: 'openai', model: 'gpt-5' });
  await first.sendMessage(id, 'To A');
  // The second host takes a request for the same session and saves its turn; the first's copy is now stale.
  await second.sendMessage(id, 'To B');
  return { id, first, second };
}

const userTexts = (messages: readonly { role: string; content: unknown }[]) =>
  messages.filter((message) => message.role === 'user').map((message) => message.content);

describe('two SessionManagers on one file-store directory', () => {
  it("never cuts the other host's finished turn: the stale host's turn is refused with a conflict", async () => {
    const { id, first, second } = await startTwoHosts();

    const refused = await first.sendMessage(id, 'To A, stale').catch((error: unknown) => error);
    const stored = await createFileSessionStore({ directory }).load(id);

    expect(userTexts(stored?.messages ?? [])).toEqual(['To A', 'To B']);
    expect(SessionConflictError.isInstance(refused) && refused.sessionId).toBe(id);
    await Promise.all([first.dispose(), second.dispose()]);
  });

  it("reads the session again after a conflict, so the next turn follows the other host's", async () => {
    const { id, first, second } = await startTwoHosts();
    await first.sendMessage(id, 'To A, stale').catch(() => undefined);

    const result = await first.sendMessage(id, 'To A, again');
    const stored = await createFileSessionStore({ directory }).load(id);

    expect(result.stopReason).toBe('completed');
    expect(userTexts(stored?.messages ?? [])).toEqual(['To A', 'To B', 'To A, again']);
    await Promise.all([first.dispose(), second.dispose()]);
  });
});
