import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, InvalidArgumentError } from '@toolloop/core';
import {
  ApprovalPendingError,
  createFileSessionStore,
  SessionManager,
  type MessageStreamChunk,
} from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServers, createModelFactory, readNote } from './support/session-test-kit.js';

const secret = 'sk-ant-approval-secret-7d1e';
let directory: string;
let deleted: number[];

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-approval-'));
  deleted = [];
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A tool with a side effect a person must approve. */
const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes a note',
  inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
  needsApproval: true,
  execute: (input) => {
    deleted.push(input.id as number);
    return `note ${JSON.stringify(input.id)} deleted`;
  },
});

async function drain(stream: AsyncIterable<MessageStreamChunk>): Promise<MessageStreamChunk[]> {
  const chunks: MessageStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const usage = { inputTokens: 100, outputTokens: 20 };
const readThenDelete = [
  { toolCalls: [{ id: 'read_1', name: 'read_note', input: { id: 1 } }], usage },
  { text: 'Deleting it.', toolCalls: [{ id: 'delete_1', name: 'delete_note', input: { id: 1 } }], usage },
];

describe('SessionManager and turns that wait for approval', () => {
  it('keeps a paused turn in a file store, and a new manager (a restart) resumes and finishes it', async () => {
    const before = createModelFactory(readThenDelete);
    const first = new SessionManager({
      createModel: before.createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote, deleteNote],
    });
    const session = await first.initializeSession({
      type: 'claude',
      api_key: secret,
      model: 'claude-sonnet-4-6',
    });
    const chunks = await drain(first.sendMessageStream(session.id, 'Read note 1, then delete it.'));
    await first.dispose();

    const after = createModelFactory({ text: 'Note 1 is deleted.', usage });
    const second = new SessionManager({
      createModel: after.createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote, deleteNote],
      environment: { ANTHROPIC_API_KEY: 'sk-ant-from-environment' },
    });
    const paused = await second.getSession(session.id);
    const resumed = await drain(second.resumeTurnStream(session.id, { delete_1: { approved: true } }));
    const finished = await second.getSession(session.id);

    expect(chunks.filter((chunk) => chunk.type === 'approval-required').map((chunk) => chunk.calls)).toEqual([
      [{ toolCallId: 'delete_1', name: 'delete_note', input: { id: 1 } }],
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', stopReason: 'approval_required', toolCallCount: 1 });
    expect(paused?.pausedTurn?.pendingApprovals).toEqual([
      { toolCallId: 'delete_1', name: 'delete_note', input: { id: 1 } },
    ]);
    expect(paused?.tokenCount).toBe(240);
    expect(deleted).toEqual([1]);
    expect(resumed.filter((chunk) => chunk.type !== 'status').map((chunk) => chunk.type)).toEqual([
      'tool-start',
      'tool-result',
      'content',
      'done',
    ]);
    expect(resumed.at(-1)).toMatchObject({
      type: 'done',
      stopReason: 'completed',
      text: 'Note 1 is deleted.',
      toolCallCount: 2,
    });
    // The resumed turn goes on from the transcript it paused with: nothing repeated, nothing lost.
    expect(after.model.requests[0]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(finished?.pausedTurn).toBeUndefined();
    expect(finished?.messages).toHaveLength(6);
    expect(finished?.tokenCount).toBe(360);
    for (const file of await readdir(directory)) {
      expect(await readFile(join(directory, file), 'utf8')).not.toContain(secret);
    }
  });

  it('refuses a message while a turn waits, naming the calls; nothing runs and nothing is saved', async () => {
    const factory = createModelFactory(readThenDelete);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote, deleteNote] });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await manager.sendMessage(session.id, 'Read note 1, then delete it.');
    const before = await manager.getSession(session.id);

    const refused = await manager.sendMessage(session.id, 'Never mind.').catch((error: unknown) => error);

    expect(ApprovalPendingError.isInstance(refused)).toBe(true);
    expect((refused as Error).message).toBe(
      `Session '${session.id}' waits for approval decisions on delete_note (delete_1): call resumeTurn(sessionId, decisions) with a decision for each before sending another message.`,
    );
    expect(factory.model.requests).toHaveLength(2);
    expect(await manager.getSession(session.id)).toEqual(before);
  });

  it('refuses decisions for calls that do not wait, naming those that do; the turn still waits', async () => {
    const factory = createModelFactory(readThenDelete);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote, deleteNote] });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await manager.sendMessage(session.id, 'Read note 1, then delete it.');

    const refused = await manager
      .resumeTurn(session.id, { delete_1: { approved: true }, delete_9: { approved: true } })
      .catch((error: unknown) => error);

    expect(InvalidArgumentError.isInstance(refused)).toBe(true);
    expect((refused as Error).message).toBe(
      "Invalid option 'decisions': no call waits for approval with the id delete_9; the calls that wait: delete_1 (delete_note).",
    );
    expect(deleted).toEqual([]);
    expect((await manager.getSession(session.id))?.pausedTurn?.pendingApprovals).toHaveLength(1);
  });

  it('refuses decisions for a session with no paused turn', async () => {
    const manager = new SessionManager({ createModel: createModelFactory({ text: 'Hi.' }).createModel });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await manager.sendMessage(session.id, 'Hi');

    await expect(manager.resumeTurn(session.id, {})).rejects.toThrow(
      `Invalid option 'decisions': session '${session.id}' has no turn waiting for approval; send a message instead.`,
    );
  });

  it('a denial reaches the model with its reason; the tool does not run and the session goes on', async () => {
    const factory = createModelFactory([
      ...readThenDelete,
      { text: 'I kept note 1.' },
      { text: 'You are welcome.' },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote, deleteNote] });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
    await manager.sendMessage(session.id, 'Read note 1, then delete it.');

    const result = await manager.resumeTurn(session.id, {
      delete_1: { approved: false, reason: 'Keep it for the audit.' },
    });
    const next = await manager.sendMessage(session.id, 'Thanks.');

    expect(deleted).toEqual([]);
    expect(result).toMatchObject({ stopReason: 'completed', text: 'I kept note 1.' });
    expect(JSON.stringify(factory.model.requests[2]?.messages.at(-1))).toContain(
      'Not executed: the user denied this call. Their reason: Keep it for the audit.',
    );
    expect(next.text).toBe('You are welcome.');
  });

  it('counts the per-message tool-call limit and the session token budget as if the turn had not paused', async () => {
    const factory = createModelFactory([
      ...readThenDelete,
      { toolCalls: [{ id: 'read_2', name: 'read_note', input: { id: 2 } }], usage },
      { text: 'Two calls were all I could make.', usage },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote, deleteNote] });
    const session = await manager.initializeSession({
      type: 'openai',
      model: 'gpt-5',
      max_tool_calls: { per_message: 2 },
      token_budget: { per_session: 10_000 },
    });
    await manager.sendMessage(session.id, 'Read note 1, delete it, then read note 2.');

    const result = await manager.resumeTurn(session.id, { delete_1: { approved: true } });

    // read_1 and delete_1 before and after the pause make two: read_2 is over the per-message limit.
    expect(result).toMatchObject({ stopReason: 'tool_limit', sessionToolCalls: 2, sessionTokens: 480 });
    expect(result.toolCalls.map((call) => [call.toolCallId, call.executed])).toEqual([
      ['read_1', true],
      ['delete_1', true],
      ['read_2', false],
    ]);
    expect((await manager.getSession(session.id))?.tokenCount).toBe(480);
  });

  it('ends a resumed turn with budget_exceeded when the session budget, counted across the pause, runs out', async () => {
    const factory = createModelFactory([
      ...readThenDelete,
      { text: 'Deleted; that was all the budget allowed.', usage },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote, deleteNote] });
    const session = await manager.initializeSession({
      type: 'openai',
      model: 'gpt-5',
      token_budget: { per_session: 400 },
    });
    await manager.sendMessage(session.id, 'Read note 1, then delete it.');

    const result = await manager.resumeTurn(session.id, { delete_1: { approved: true } });

    // 240 used before the pause; one more request of about 120 fits, a round and an answer do not.
    expect(result).toMatchObject({ stopReason: 'budget_exceeded', sessionTokens: 360, iterations: 3 });
    expect(factory.model.requests[2]?.toolChoice).toEqual({ type: 'none' });
  });
  it("asks the host's policy about every call, the sessions' MCP servers' included", async () => {
    const factory = createModelFactory([
      { toolCalls: [{ id: 'search_1', name: 'search', input: {} }] },
      { text: 'Found it.' },
    ]);
    const asked: string[] = [];
    const manager = new SessionManager({
      createModel: factory.createModel,
      connectServers: () => Promise.resolve(createFakeServers()),
      needsApproval: ({ name }) => {
        asked.push(name);
        return name === 'search';
      },
    });
    const session = await manager.initializeSession({
      type: 'openai',
      model: 'gpt-5',
      servers: { web: { url: 'https://example.com/mcp' } },
    });

    const paused = await manager.sendMessage(session.id, 'Search.');
    const result = await manager.resumeTurn(session.id, { search_1: { approved: true } });
    await manager.dispose();

    expect(paused.pendingApprovals).toEqual([{ toolCallId: 'search_1', name: 'search', input: {} }]);
    expect(result).toMatchObject({ stopReason: 'completed', text: 'Found it.' });
    expect(result.toolCalls[0]).toMatchObject({ name: 'search', executed: true });
    expect(asked).toEqual(['search', 'search']);
  });
});
