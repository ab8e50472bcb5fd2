import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@toolloop/core';
import {
  createFileSessionStore,
  createMemorySessionStore,
  SessionBusyError,
  SessionConflictError,
  SessionManager,
  type SessionStore,
} from '@toolloop/core/session';
import { createScriptedModel, type ModelScript } from '@toolloop/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeferred } from '../deferred.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-two-hosts-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** One worker of a service: its own manager, named `hostId`, on the store all workers share. */
function startHost(hostId: string, store: SessionStore, script: ModelScript, options: object = {}) {
  const model = createScriptedModel(script);
  const manager = new SessionManager({ createModel: () => model, store, hostId, ...options });
  return { manager, model };
}

/**
 * A host whose model holds each answer until `gate` opens: `entered` settles once a turn of it is under way, so
 * a test can act while that turn holds the session's lease.
 */
function startHeldHost(hostId: string, store: SessionStore, options: object = {}) {
  const entered = createDeferred();
  const gate = createDeferred();
  const host = startHost(
    hostId,
    store,
    async () => {
      entered.resolve();
      await gate.promise;
      return { text: 'A answers.' };
    },
    options,
  );
  return { ...host, entered, gate };
}

const userTexts = (messages: readonly Message[]) =>
  messages.filter((message) => message.role === 'user').map((message) => message.content);

/** Wraps a store so a test knows when a host was told the session is busy. */
function watchBusy(store: SessionStore) {
  const busy = createDeferred<string>();
  const watched: SessionStore = {
    load: (id) => store.load(id),
    save: (session, options) => store.save(session, options),
    delete: (id) => store.delete(id),
    list: () => store.list(),
    releaseLease: (id, owner) => store.releaseLease(id, owner),
    acquireLease: async (id, request) => {
      const result = await store.acquireLease(id, request);
      if (result.type === 'busy') busy.resolve(request.owner);
      return result;
    },
  };
  return { store: watched, busy: busy.promise };
}

describe('two SessionManagers on one store', () => {
  it("reads the session again before a turn when another host saved it since: the turn follows the other host's", async () => {
    const first = startHost('host-a', createFileSessionStore({ directory }), [
      { text: 'Hello from A.' },
      { text: 'A again.' },
    ]);
    const second = startHost('host-b', createFileSessionStore({ directory }), { text: 'Hello from B.' });
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await first.manager.sendMessage(id, 'To A');
    await second.manager.sendMessage(id, 'To B');

    const result = await first.manager.sendMessage(id, 'To A, after B');
    const stored = await createFileSessionStore({ directory }).load(id);

    expect(result.stopReason).toBe('completed');
    expect(userTexts(stored?.messages ?? [])).toEqual(['To A', 'To B', 'To A, after B']);
    expect(userTexts(first.model.requests[1]?.messages ?? [])).toEqual(['To A', 'To B', 'To A, after B']);
    // Each turn saves as it starts and as it ends.
    expect(stored?.version).toBe(7);
    expect(await readdir(directory)).toEqual([`${id}.json`]);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it("never runs two turns of one session at once: a host waits for the other's turn, then goes on from it", async () => {
    const { store, busy } = watchBusy(createMemorySessionStore());
    const first = startHeldHost('host-a', store);
    const { entered, gate } = first;
    const second = startHost('host-b', store, { text: 'B answers.' });
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const running = first.manager.sendMessage(id, 'To A');
    await entered.promise;

    const waiting = second.manager.sendMessage(id, 'To B');
    expect(await busy).toMatch(/^host-b\//);
    gate.resolve();
    await Promise.all([running, waiting]);

    expect(second.model.requests[0]?.messages).toEqual([
      { role: 'user', content: 'To A' },
      { role: 'assistant', content: [{ type: 'text', text: 'A answers.' }] },
      { role: 'user', content: 'To B' },
    ]);
    expect(userTexts((await store.load(id))?.messages ?? [])).toEqual(['To A', 'To B']);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it('fails a turn with SessionBusyError, running and saving nothing, once it has waited sessionBusyTimeoutMs', async () => {
    const store = createMemorySessionStore();
    const first = startHeldHost('host-a', store);
    const { entered, gate } = first;
    const second = startHost('host-b', store, { text: 'B answers.' }, { sessionBusyTimeoutMs: 50 });
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const running = first.manager.sendMessage(id, 'To A');
    await entered.promise;

    const refused = await second.manager.sendMessage(id, 'To B').catch((error: unknown) => error);
    gate.resolve();
    await running;

    expect(SessionBusyError.isInstance(refused) && refused.toJSON()).toMatchObject({
      name: 'SessionBusyError',
      sessionId: id,
    });
    expect(SessionBusyError.isInstance(refused) && refused.leaseOwner).toMatch(/^host-a\/[0-9a-f]{8}$/);
    expect(SessionBusyError.isInstance(refused) && refused.waitedMs).toBeGreaterThanOrEqual(50);
    expect(String(refused)).toMatch(`Session '${id}' is busy: host 'host-a/`);
    expect(second.model.requests).toHaveLength(0);
    expect(userTexts((await store.load(id))?.messages ?? [])).toEqual(['To A']);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it('ends the turn of a host whose lease ran out and was taken, and refuses its save', async () => {
    let now = Date.parse('2026-12-03T10:00:00.000Z');
    const store = createMemorySessionStore({ now: () => now });
    const entered = createDeferred();
    const first = startHost(
      'host-a',
      store,
      () => {
        entered.resolve();
        return { hang: true };
      },
      { leaseTtlMs: 60 },
    );
    const gate = createDeferred();
    const second = startHost('host-b', store, async (_request, index) => {
      await gate.promise;
      return { text: index === 0 ? 'B finishes A.' : 'B answers.' };
    });
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const stalled = first.manager.sendMessage(id, 'To A');
    await entered.promise;

    // Host A stalls past its lease (a long pause, a partition): host B takes the session over.
    now += 61_000;
    const takenOver = second.manager.sendMessage(id, 'To B');
    const refused = await stalled.catch((error: unknown) => error);
    gate.resolve();
    await takenOver;

    expect(SessionConflictError.isInstance(refused) && [refused.reason, refused.leaseOwner]).toEqual([
      'leased',
      expect.stringMatching(/^host-b\//),
    ]);
    // Host A's message was saved as its turn started: host B goes on with that turn before its own.
    expect((await store.load(id))?.messages).toEqual([
      { role: 'user', content: 'To A' },
      { role: 'assistant', content: [{ type: 'text', text: 'B finishes A.' }] },
      { role: 'user', content: 'To B' },
      { role: 'assistant', content: [{ type: 'text', text: 'B answers.' }] },
    ]);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it("never expires a session another host used since this one's copy, judging the stored version", async () => {
    let now = 0;
    const store = createMemorySessionStore();
    const options = { idleTimeoutMs: 1_000, now: () => now };
    const first = startHost('host-a', store, [{ text: 'A1' }, { text: 'A2' }], options);
    const second = startHost('host-b', store, { text: 'B1' }, options);
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await first.manager.sendMessage(id, 'To A');
    now = 800;
    await second.manager.sendMessage(id, 'To B');
    now = 1_500;

    const result = await first.manager.sendMessage(id, 'To A again');

    expect(result.stopReason).toBe('completed');
    expect(userTexts((await store.load(id))?.messages ?? [])).toEqual(['To A', 'To B', 'To A again']);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it.each(['sweepExpiredSessions', 'getSession'] as const)(
    "never ends, by another host's %s, a session whose turn runs: its lease is held",
    async (method) => {
      let now = 0;
      const store = createMemorySessionStore();
      const options = { idleTimeoutMs: 1_000, now: () => now };
      const first = startHeldHost('host-a', store, options);
      const { entered, gate } = first;
      const second = startHost('host-b', store, { text: 'unused' }, options);
      const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
      now = 900;
      const running = first.manager.sendMessage(id, 'To A');
      await entered.promise;
      // The model answers slowly: the session looks idle from its last save, but its turn runs on host A.
      now = 1_200;

      const seen =
        method === 'getSession'
          ? (await second.manager.getSession(id))?.id
          : await second.manager.sweepExpiredSessions();
      gate.resolve();
      const result = await running;

      expect(seen).toEqual(method === 'getSession' ? id : []);
      expect(result.stopReason).toBe('completed');
      expect(userTexts((await store.load(id))?.messages ?? [])).toEqual(['To A']);
      await Promise.all([first.manager.dispose(), second.manager.dispose()]);
    },
  );

  it('keeps two managers given one host name apart: their leases are their own', async () => {
    const { store, busy } = watchBusy(createMemorySessionStore());
    const first = startHeldHost('web-1', store);
    const { entered, gate } = first;
    const second = startHost('web-1', store, { text: 'B answers.' });
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const running = first.manager.sendMessage(id, 'To A');
    await entered.promise;

    const waiting = second.manager.sendMessage(id, 'To B');
    await busy;
    gate.resolve();
    const results = await Promise.all([running, waiting]);

    expect(results.map((result) => result.stopReason)).toEqual(['completed', 'completed']);
    expect(userTexts((await store.load(id))?.messages ?? [])).toEqual(['To A', 'To B']);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it("waits with a growing pause while busy, whatever the store's clock says of the lease's end", async () => {
    // A store whose clock is ten minutes behind this host's (a database's): its leases seem long over here.
    const inner = createMemorySessionStore({ now: () => Date.now() - 600_000 });
    let asked = 0;
    const store: SessionStore = {
      ...inner,
      acquireLease: (id, request) => {
        if (request.owner.startsWith('host-b')) asked += 1;
        return inner.acquireLease(id, request);
      },
    };
    const first = startHeldHost('host-a', store);
    const { entered, gate } = first;
    const second = startHost('host-b', store, { text: 'B answers.' }, { sessionBusyTimeoutMs: 500 });
    const { id } = await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const running = first.manager.sendMessage(id, 'To A');
    await entered.promise;

    const refused = await second.manager.sendMessage(id, 'To B').catch((error: unknown) => error);
    gate.resolve();
    await running;

    expect(SessionBusyError.isInstance(refused)).toBe(true);
    // 25, 50, 100, 200 ms, then what is left of the 500: about six asks, not one a millisecond.
    expect(asked).toBeLessThan(10);
    await Promise.all([first.manager.dispose(), second.manager.dispose()]);
  });

  it.each([
    [{ leaseTtlMs: 0 }, 'leaseTtlMs'],
    [{ sessionBusyTimeoutMs: -1 }, 'sessionBusyTimeoutMs'],
    [{ hostId: '' }, 'hostId'],
  ])('refuses %o when the manager is made, naming the option', (options, name) => {
    expect(() => startHost('host-a', createMemorySessionStore(), { text: 'unused' }, options)).toThrow(
      `Invalid option '${name}'`,
    );
  });

  it('never runs a turn on the transcript of a session closed and made again under its id by other hosts', async () => {
    const store = createMemorySessionStore();
    const options = { createSessionId: () => 'chan-1' };
    const first = startHost(
      'host-a',
      store,
      [{ text: 'old 1' }, { text: 'old 2' }, { text: 'A answers.' }],
      options,
    );
    const second = startHost('host-b', store, { text: 'unused' }, options);
    const third = startHost('host-c', store, [{ text: 'new 1' }, { text: 'new 2' }], options);
    await first.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await first.manager.sendMessage('chan-1', 'old secret 1');
    await first.manager.sendMessage('chan-1', 'old secret 2');
    await second.manager.closeSession('chan-1');
    // Another session under the same id, with as many saves as the closed one had: its version is the same.
    await third.manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await third.manager.sendMessage('chan-1', 'new 1');
    await third.manager.sendMessage('chan-1', 'new 2');

    await first.manager.sendMessage('chan-1', 'From A');

    expect(userTexts(first.model.requests.at(-1)?.messages ?? [])).toEqual(['new 1', 'new 2', 'From A']);
    await Promise.all([first.manager.dispose(), second.manager.dispose(), third.manager.dispose()]);
  });
});
