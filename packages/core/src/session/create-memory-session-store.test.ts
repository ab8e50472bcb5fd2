import { describe, expect, it } from 'vitest';
import { createMemorySessionStore } from './create-memory-session-store.js';
import type { SessionData } from './session-data.js';

const session: SessionData = {
  id: 'one',
  llmConfig: { type: 'openai', model: 'gpt-5' },
  messages: [{ role: 'user', content: 'Hi' }],
  lastActivity: new Date(0),
  toolCallCount: 0,
};

describe('createMemorySessionStore', () => {
  it('keeps copies, so a caller changing its session does not change the stored one', async () => {
    const store = createMemorySessionStore();
    const mine = structuredClone(session);

    await store.save(mine);
    mine.messages.push({ role: 'user', content: 'changed' });
    const loaded = await store.load('one');
    loaded?.messages.push({ role: 'user', content: 'changed again' });

    expect(await store.load('one')).toEqual({ ...session, version: 1 });
  });

  it('lists and deletes', async () => {
    const store = createMemorySessionStore();
    await store.save(session);
    await store.save({ ...session, id: 'two' });
    await store.delete('one');

    expect(await store.list()).toEqual(['two']);
    expect(await store.load('one')).toBeUndefined();
  });

  it('copies only the appended messages of a save that says so, and keeps them apart from the caller', async () => {
    const store = createMemorySessionStore();
    await store.save(session);
    const added = { role: 'user' as const, content: 'More' };
    const next = { ...session, messages: [...session.messages, added], toolCallCount: 1, version: 1 };

    await store.save(next, { change: { appendedMessages: 1 } });
    added.content = 'changed';

    expect(await store.load('one')).toEqual({
      ...session,
      version: 2,
      messages: [...session.messages, { role: 'user', content: 'More' }],
      toolCallCount: 1,
    });
  });

  it('saves the session whole when a change does not fit the stored copy', async () => {
    const store = createMemorySessionStore();
    await store.save(session);
    const next = { ...session, messages: [{ role: 'user' as const, content: 'Other' }], version: 1 };

    await store.save(next, { change: { appendedMessages: 1 } });

    expect(await store.load('one')).toEqual({ ...next, version: 2 });
  });

  it('drops a paused turn and a turn under way that an appending save no longer has', async () => {
    const store = createMemorySessionStore();
    // The store keeps what it is given as it is: what the checkpoint holds does not matter here.
    const checkpoint = { version: 2 } as unknown as NonNullable<SessionData['pausedTurn']>;
    await store.save({ ...session, pausedTurn: checkpoint, turnUnderWay: checkpoint });
    const resumed = {
      ...session,
      messages: [...session.messages, { role: 'user' as const, content: 'More' }],
      version: 1,
    };

    await store.save(resumed, { change: { appendedMessages: 1 } });

    expect(await store.load('one')).toEqual({ ...resumed, version: 2 });
  });
});
