import { SessionManager, SessionNotFoundError } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../deferred.js';
import { createFakeServers, createModelFactory } from './support/session-test-kit.js';

const config = { type: 'claude', model: 'claude-sonnet-4-6', servers: { notes: { command: 'node' } } };

describe('SessionManager closing and disposing', () => {
  it('closeSession aborts the running turn, saves it, closes the servers and deletes the session', async () => {
    const servers = createFakeServers();
    const modelCalled = createDeferred();
    const factory = createModelFactory(() => {
      modelCalled.resolve();
      return { hang: true };
    });
    const manager = new SessionManager({
      createModel: factory.createModel,
      connectServers: () => Promise.resolve(servers),
    });
    const session = await manager.initializeSession(config);

    const running = manager.sendMessage(session.id, 'Hi');
    const queued = manager.sendMessage(session.id, 'Queued');
    await modelCalled.promise;
    await manager.closeSession(session.id);

    expect((await running).stopReason).toBe('aborted');
    await expect(queued).rejects.toThrow('The turn was aborted by the caller: the session was closed.');
    expect(servers.closed).toBe(1);
    expect(await manager.getSession(session.id)).toBeUndefined();
    const error = await manager.sendMessage(session.id, 'After').catch((caught: unknown) => caught);
    expect(SessionNotFoundError.isInstance(error) && error.reason).toBe('closed');
  });

  it('dispose closes every open server source but keeps the sessions stored', async () => {
    const sources = [createFakeServers(), createFakeServers()];
    let connected = 0;
    const manager = new SessionManager({
      createModel: createModelFactory({ text: 'ok' }).createModel,
      connectServers: () => Promise.resolve(sources[connected++] ?? createFakeServers()),
    });
    const first = await manager.initializeSession(config);
    const second = await manager.initializeSession(config);

    await manager.dispose();

    expect(sources.map((source) => source.closed)).toEqual([1, 1]);
    expect((await manager.getSession(first.id))?.id).toBe(first.id);
    expect((await manager.getSession(second.id))?.id).toBe(second.id);
  });
});
