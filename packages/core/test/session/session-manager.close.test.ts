import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, SessionManager, SessionNotFoundError } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../deferred.js';
import { createFakeServers, createModelFactory, readNote } from './support/session-test-kit.js';

/** Resources a session could leave behind: timers, open files, child processes, sockets. */
const leftoverKinds = ['Timeout', 'Immediate', 'FileHandle', 'ProcessWrap', 'PipeWrap', 'TCPSocketWrap'];

function countLeftovers(): Record<string, number> {
  const kinds = process.getActiveResourcesInfo();
  return Object.fromEntries(
    leftoverKinds.map((kind) => [kind, kinds.filter((entry) => entry === kind).length]),
  );
}

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

  it('leaves nothing running after a whole session life with a file store', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-leftovers-'));
    const before = countLeftovers();
    const factory = createModelFactory([
      { toolCalls: [{ name: 'read_note', input: { id: 1 } }] },
      { text: 'Read it.' },
    ]);
    const manager = new SessionManager({
      createModel: factory.createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote],
      idleTimeoutMs: 60_000,
    });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5', timeout_ms: 60_000 });
    await manager.sendMessage(session.id, 'Read note 1');
    await manager.dispose();
    // libuv frees closed handles in the close phase, after the check phase where setImmediate runs.
    for (let iteration = 0; iteration < 2; iteration += 1)
      await new Promise((resolve) => setImmediate(resolve));

    expect(countLeftovers()).toEqual(before);
    await rm(directory, { recursive: true, force: true });
  });
});
