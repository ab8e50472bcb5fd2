import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelError } from '@toolloop/core';
import { createFileSessionStore, SessionManager, type MessageStreamChunk } from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-persistence-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('SessionManager saves after every turn, however it ended', () => {
  it('keeps the tool calls and transcript of a turn that ended on a model error', async () => {
    const clock = { now: 1_000 };
    const store = createFileSessionStore({ directory });
    const factory = createModelFactory([
      { toolCalls: [{ id: 'call_1', name: 'read_note', input: { id: 1 } }] },
      { error: new ModelError({ message: 'Overloaded', status: 529, retryable: true }) },
    ]);
    const manager = new SessionManager({
      createModel: factory.createModel,
      store,
      tools: [readNote],
      now: () => clock.now,
    });
    const session = await manager.initializeSession({ type: 'claude', model: 'claude-sonnet-4-6' });

    clock.now = 2_000;
    const chunks: MessageStreamChunk[] = [];
    for await (const chunk of manager.sendMessageStream(session.id, 'Read note 1')) chunks.push(chunk);
    const stored = await store.load(session.id);

    expect(chunks.filter((chunk) => chunk.type === 'error').map((chunk) => chunk.code)).toEqual([
      'model_error',
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', stopReason: 'model_error', toolCallCount: 1 });
    expect(stored?.toolCallCount).toBe(1);
    expect(stored?.lastActivity).toEqual(new Date(2_000));
    expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('saves before the done chunk, so a host that sees it can rely on the store', async () => {
    const store = createFileSessionStore({ directory });
    const manager = new SessionManager({
      createModel: createModelFactory({ text: 'Saved.' }).createModel,
      store,
    });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });

    let messagesWhenDone: number | undefined;
    for await (const chunk of manager.sendMessageStream(session.id, 'Hi')) {
      if (chunk.type === 'done') messagesWhenDone = (await store.load(session.id))?.messages.length;
    }

    expect(messagesWhenDone).toBe(2);
  });
});
