import { SessionManager, SessionNotFoundError, type SessionNotFoundReason } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../deferred.js';
import { createFakeServers, createModelFactory } from './support/session-test-kit.js';

const config = { type: 'openai', model: 'gpt-5' };

/** How many ended sessions a manager remembers the reason for (README: "Expiry"). */
const remembered = 1_000;

async function reasonOf(manager: SessionManager, sessionId: string): Promise<SessionNotFoundReason> {
  const error = await manager.sendMessage(sessionId, 'Hi').catch((caught: unknown) => caught);
  if (!SessionNotFoundError.isInstance(error))
    throw new Error(`Expected SessionNotFoundError, got ${String(error)}`);
  return error.reason;
}

async function openAndClose(manager: SessionManager, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const session = await manager.initializeSession(config);
    await manager.closeSession(session.id);
    ids.push(session.id);
  }
  return ids;
}

describe('SessionManager memory of ended sessions', () => {
  it(`remembers why only the last ${remembered} sessions ended, so a long-running host stays bounded`, async () => {
    const manager = new SessionManager({ createModel: createModelFactory({ text: 'unused' }).createModel });
    const [oldest] = await openAndClose(manager, 1);
    const reasonBefore = await reasonOf(manager, oldest ?? '');

    const later = await openAndClose(manager, remembered);

    expect(reasonBefore).toBe('closed');
    // Its store entry is gone, so once forgotten it reads like any id the manager never saw.
    expect(await reasonOf(manager, oldest ?? '')).toBe('unknown');
    expect(await reasonOf(manager, later[0] ?? '')).toBe('closed');
    expect(await manager.getSession(oldest ?? '')).toBeUndefined();
  });

  it('never forgets a session still closing: a message sent meanwhile is refused, not run', async () => {
    const closeStarted = createDeferred();
    const release = createDeferred();
    const servers = {
      ...createFakeServers(),
      close: async () => {
        closeStarted.resolve();
        await release.promise;
      },
    };
    const factory = createModelFactory({ text: 'should not run' });
    const manager = new SessionManager({
      createModel: factory.createModel,
      connectServers: () => Promise.resolve(servers),
    });
    const session = await manager.initializeSession({ ...config, servers: { notes: { command: 'node' } } });

    const closing = manager.closeSession(session.id);
    await closeStarted.promise;
    await openAndClose(manager, remembered + 1);
    const reasonWhileClosing = await reasonOf(manager, session.id);
    release.resolve();
    await closing;

    expect(reasonWhileClosing).toBe('closed');
    expect(factory.model.requests).toEqual([]);
    expect(await manager.getSession(session.id)).toBeUndefined();
  });
});
