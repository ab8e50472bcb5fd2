import { defineTool } from '@toolloop/core';
import { SessionManager, type MessageStream } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../deferred.js';
import { createModelFactory } from './support/session-test-kit.js';

describe('SessionManager with two messages sent to one session at once', () => {
  it('runs the second after the first: its model request sees the first turn whole', async () => {
    const toolStarted = createDeferred();
    const release = createDeferred();
    const slow = defineTool({
      name: 'slow',
      description: 'Waits until the test releases it',
      inputSchema: { type: 'object', properties: {} },
      execute: async () => {
        toolStarted.resolve();
        await release.promise;
        return 'slow done';
      },
    });
    const factory = createModelFactory([
      { toolCalls: [{ id: 'call_1', name: 'slow' }] },
      { text: 'First answer.' },
      { text: 'Second answer.' },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [slow] });
    const session = await manager.initializeSession({ type: 'claude', model: 'claude-sonnet-4-6' });

    const first = manager.sendMessageStream(session.id, 'First');
    const second = manager.sendMessageStream(session.id, 'Second');
    await toolStarted.promise;
    const requestsWhileFirstRuns = factory.model.requests.length;
    release.resolve();
    await Promise.all([first.result, second.result]);

    expect(requestsWhileFirstRuns).toBe(1);
    expect(factory.model.requests[2]?.messages).toEqual([
      { role: 'user', content: 'First' },
      { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'slow', input: {} }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'slow',
            output: { content: [{ type: 'text', text: 'slow done' }] },
            isError: false,
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'First answer.' }] },
      { role: 'user', content: 'Second' },
    ]);
    expect((await manager.getSession(session.id))?.messages).toHaveLength(6);
  });

  it('never interleaves the chunks of the two turns, even when both streams are read at once', async () => {
    const factory = createModelFactory((request) => ({
      text: `Answer to ${JSON.stringify(request.messages.at(-1)?.content)}`,
      chunkSize: 4,
    }));
    const manager = new SessionManager({ createModel: factory.createModel });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const log: string[] = [];
    const read = async (name: string, stream: MessageStream) => {
      for await (const chunk of stream) log.push(`${name}:${chunk.type}`);
    };

    await Promise.all([
      read('first', manager.sendMessageStream(session.id, 'one')),
      read('second', manager.sendMessageStream(session.id, 'two')),
    ]);

    const lastOfFirst = log.lastIndexOf('first:done');
    const firstOfSecond = log.findIndex((entry) => entry.startsWith('second:'));
    expect(log.filter((entry) => entry.endsWith(':content')).length).toBeGreaterThan(4);
    expect(lastOfFirst).toBeLessThan(firstOfSecond);
    expect(log.at(-1)).toBe('second:done');
  });

  it('runs messages to different sessions side by side', async () => {
    const release = createDeferred();
    const factory = createModelFactory(async (_request, index) => {
      if (index === 0) await release.promise;
      return { text: `answer ${index}` };
    });
    const manager = new SessionManager({ createModel: factory.createModel });
    const blocked = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    const free = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });

    const waiting = manager.sendMessage(blocked.id, 'first');
    const other = await manager.sendMessage(free.id, 'second');
    release.resolve();

    expect(other.text).toBe('answer 1');
    expect((await waiting).text).toBe('answer 0');
  });

  it('aborting a queued message leaves the session untouched and lets the next one run', async () => {
    const factory = createModelFactory([{ text: 'one' }, { text: 'three' }]);
    const manager = new SessionManager({ createModel: factory.createModel });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });

    const first = manager.sendMessage(session.id, 'one');
    const second = manager.sendMessageStream(session.id, 'two');
    second.abort('changed my mind');
    const third = manager.sendMessage(session.id, 'three');

    await expect(second.result).rejects.toThrow('aborted');
    expect([(await first).text, (await third).text]).toEqual(['one', 'three']);
    expect(
      (await manager.getSession(session.id))?.messages.filter((message) => message.role === 'user'),
    ).toEqual([
      { role: 'user', content: 'one' },
      { role: 'user', content: 'three' },
    ]);
  });
});
