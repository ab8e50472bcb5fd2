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

/** A checkpoint of the session's turn, paused for approval (both kinds of checkpoint a session keeps). */
const checkpoint: NonNullable<SessionData['pausedTurn']> = {
  version: 2,
  messages: session.messages,
  state: {
    iterations: 1,
    rounds: 0,
    toolCalls: [],
    usage: { inputTokens: 10, outputTokens: 2 },
    statusUsage: { inputTokens: 0, outputTokens: 0 },
    usageByModel: [],
    text: '',
    answerPaused: false,
    lastRequestTokens: 12,
    sessionTokens: 0,
    elapsedMs: 5,
  },
  features: {},
  pendingApprovals: [{ toolCallId: 'call_1', name: 'delete_note', input: { id: 1 } }],
  pausedStep: {
    toolNames: ['delete_note'],
    step: {
      iteration: 1,
      round: 0,
      request: { toolNames: ['delete_note'], messageCount: 1 },
      response: { text: '', finishReason: 'tool_calls', toolCallCount: 1 },
      usage: { inputTokens: 10, outputTokens: 2 },
    },
  },
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

  it('appends 200,000 messages in one save (an imported history)', async () => {
    const store = createMemorySessionStore();
    await store.save(session);
    const added = Array.from({ length: 200_000 }, (_unused, index) => ({
      role: 'user' as const,
      content: `message ${String(index)}`,
    }));
    const next = { ...session, messages: [...session.messages, ...added], version: 1 };

    await store.save(next, { change: { appendedMessages: added.length } });

    const loaded = await store.load('one');
    expect(loaded?.messages).toHaveLength(200_001);
    expect(loaded?.messages.at(-1)).toEqual({ role: 'user', content: 'message 199999' });
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
    await store.save({ ...session, pausedTurn: checkpoint, turnUnderWay: checkpoint });
    const resumed = {
      ...session,
      messages: [...session.messages, { role: 'user' as const, content: 'More' }],
      version: 1,
    };

    await store.save(resumed, { change: { appendedMessages: 1 } });

    expect(await store.load('one')).toEqual({ ...resumed, version: 2 });
  });

  it("keeps a checkpoint without a copy of the transcript, and gives it back with the session's", async () => {
    const store = createMemorySessionStore();

    await store.save({ ...session, turnUnderWay: checkpoint });

    expect((await store.load('one'))?.turnUnderWay).toEqual(checkpoint);
  });
});
