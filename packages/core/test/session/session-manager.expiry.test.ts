import {
  createMemorySessionStore,
  SessionManager,
  SessionNotFoundError,
  type SessionManagerOptions,
} from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createFakeServers, createModelFactory } from './support/session-test-kit.js';

/** A manager on a hand-moved clock, with idle sessions expiring after one second. */
function createManagerWithClock(overrides: Partial<SessionManagerOptions> = {}) {
  const clock = { now: 0 };
  const servers = createFakeServers();
  const store = overrides.store ?? createMemorySessionStore();
  const manager = new SessionManager({
    createModel: createModelFactory({ text: 'ok' }).createModel,
    connectServers: () => Promise.resolve(servers),
    store,
    idleTimeoutMs: 1_000,
    now: () => clock.now,
    ...overrides,
  });
  return { clock, manager, servers, store };
}

const config = {
  type: 'claude',
  model: 'claude-sonnet-4-6',
  servers: { web: { url: 'http://127.0.0.1:1/mcp' } },
};

describe('SessionManager idle expiry', () => {
  it('keeps a session used within the timeout, measured from its last turn', async () => {
    const { clock, manager, servers } = createManagerWithClock();
    const session = await manager.initializeSession(config);

    clock.now = 900;
    await manager.sendMessage(session.id, 'Hi');
    clock.now = 1_899;
    await manager.sendMessage(session.id, 'Still here');

    expect((await manager.getSession(session.id))?.lastActivity).toEqual(new Date(1_899));
    expect(servers.closed).toBe(0);
  });

  it('closes an idle session when it is next used, and says it expired, naming it', async () => {
    const { clock, manager, servers, store } = createManagerWithClock();
    const session = await manager.initializeSession(config);

    clock.now = 1_000;
    const error = await manager.sendMessage(session.id, 'Hi').catch((caught: unknown) => caught);

    expect(SessionNotFoundError.isInstance(error) && [error.sessionId, error.reason]).toEqual([
      session.id,
      'expired',
    ]);
    expect(String(error)).toContain(`Session '${session.id}' expired`);
    expect(servers.closed).toBe(1);
    expect(await store.list()).toEqual([]);
    expect(await manager.getSession(session.id)).toBeUndefined();
    await expect(manager.sendMessage(session.id, 'Again')).rejects.toThrow('expired');
  });

  it('sweeps every idle session, open or only stored, and leaves the others', async () => {
    const { clock, manager, servers, store } = createManagerWithClock();
    const idle = await manager.initializeSession(config);
    clock.now = 600;
    const active = await manager.initializeSession(config);
    clock.now = 1_200;

    const expired = await manager.sweepExpiredSessions();

    expect(expired).toEqual([idle.id]);
    expect(servers.closed).toBe(1);
    expect(await store.list()).toEqual([active.id]);
    expect(await manager.sweepExpiredSessions()).toEqual([]);
  });

  it('does not expire a session while one of its turns is running', async () => {
    const { clock, manager } = createManagerWithClock({
      createModel: createModelFactory(() => {
        clock.now = 5_000;
        return { text: 'slow answer' };
      }).createModel,
    });
    const session = await manager.initializeSession(config);

    const turn = manager.sendMessage(session.id, 'Hi');
    const swept = await manager.sweepExpiredSessions();

    expect(swept).toEqual([]);
    expect((await turn).text).toBe('slow answer');
    expect(await manager.getSession(session.id)).toMatchObject({ lastActivity: new Date(5_000) });
  });

  it('reports a stored session found idle after a restart as expired and deletes it', async () => {
    const store = createMemorySessionStore();
    const before = createManagerWithClock({ store });
    const session = await before.manager.initializeSession(config);
    await before.manager.dispose();

    const after = createManagerWithClock({ store });
    after.clock.now = 2_000;

    await expect(after.manager.sendMessage(session.id, 'Hi')).rejects.toThrow(
      `Session '${session.id}' expired after being idle`,
    );
    expect(await store.list()).toEqual([]);
  });
});
