import { SessionManager, type MessageStreamChunk } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

async function drain(stream: AsyncIterable<MessageStreamChunk>): Promise<MessageStreamChunk[]> {
  const chunks: MessageStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const errors = (chunks: MessageStreamChunk[]) =>
  chunks.flatMap((chunk) => (chunk.type === 'error' ? [{ code: chunk.code, toolName: chunk.toolName }] : []));
const done = (chunks: MessageStreamChunk[]) => chunks.find((chunk) => chunk.type === 'done');
const call = (id: number) => ({ toolCalls: [{ name: 'read_note', input: { id } }] });

describe('SessionManager tool-call limits across a three-message session', () => {
  // max_tool_calls { per_message: 2, per_session: 3 }, as in the session-tool-limits.yaml scenario.
  it('refuses over the per-message and per-session limits with an error chunk, then answers with tool choice none', async () => {
    const factory = createModelFactory([
      call(1),
      call(2),
      call(3),
      { text: 'Notes 1 and 2 summarized; note 3 was over the limit.' },
      call(4),
      call(5),
      { text: 'Note 4 summarized; no tool calls left for note 5.' },
      call(6),
      { text: 'I cannot read more notes in this session.' },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote] });
    const session = await manager.initializeSession({
      type: 'claude',
      model: 'claude-haiku-4-5',
      max_tool_calls: { per_message: 2, per_session: 3 },
    });

    const first = await drain(manager.sendMessageStream(session.id, 'Summarize notes 1, 2 and 3.'));
    const afterFirst = await manager.getSession(session.id);
    const second = await drain(manager.sendMessageStream(session.id, 'Now notes 4 and 5.'));
    const afterSecond = await manager.getSession(session.id);
    const third = await drain(manager.sendMessageStream(session.id, 'And note 6?'));
    const afterThird = await manager.getSession(session.id);

    expect(errors(first)).toEqual([{ code: 'tool_limit', toolName: 'read_note' }]);
    expect(done(first)).toMatchObject({
      stopReason: 'tool_limit',
      text: 'Notes 1 and 2 summarized; note 3 was over the limit.',
      toolCallCount: 2,
    });
    expect(afterFirst?.toolCallCount).toBe(2);

    expect(errors(second)).toEqual([{ code: 'session_tool_limit', toolName: 'read_note' }]);
    expect(done(second)).toMatchObject({ stopReason: 'session_tool_limit', toolCallCount: 3 });
    expect(afterSecond?.toolCallCount).toBe(3);

    expect(errors(third)).toEqual([{ code: 'session_tool_limit', toolName: 'read_note' }]);
    expect(done(third)).toMatchObject({
      stopReason: 'session_tool_limit',
      text: 'I cannot read more notes in this session.',
      toolCallCount: 3,
    });
    expect(afterThird?.toolCallCount).toBe(3);
    // Each limited turn ends with a request that offers no tools: "continue without tools".
    expect([3, 6, 8].map((index) => factory.model.requests[index]?.toolChoice)).toEqual([
      { type: 'none' },
      { type: 'none' },
      { type: 'none' },
    ]);
    expect(afterThird?.messages.filter((message) => message.role === 'user').slice(0, 1)).toEqual([
      { role: 'user', content: 'Summarize notes 1, 2 and 3.' },
    ]);
    expect(factory.model.requests).toHaveLength(9);
  });

  it('reads a number as the per-message limit, fresh for every message', async () => {
    const factory = createModelFactory([
      call(1),
      call(2),
      { text: 'One note.' },
      call(3),
      { text: 'Note 3.' },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote] });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5', max_tool_calls: 1 });

    const first = await manager.sendMessage(session.id, 'Notes 1 and 2');
    const second = await manager.sendMessage(session.id, 'Note 3');

    expect([first.stopReason, second.stopReason]).toEqual(['tool_limit', 'completed']);
    expect((await manager.getSession(session.id))?.toolCallCount).toBe(2);
  });
});
