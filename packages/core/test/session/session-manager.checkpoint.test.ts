import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, runToolLoop } from '@toolloop/core';
import {
  createFileSessionStore,
  createMemorySessionStore,
  SessionManager,
  type SessionStore,
} from '@toolloop/core/session';
import { createDeferred } from '../deferred.js';
import { createScriptedModel } from '@toolloop/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

let directory: string;
let copies: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-checkpoint-'));
  copies = await mkdtemp(join(tmpdir(), 'toolloop-checkpoint-copy-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
  await rm(copies, { recursive: true, force: true });
});

const usage = { inputTokens: 100, outputTokens: 20 };
const threeRounds = [
  { toolCalls: [{ id: 'r1', name: 'peek', input: { n: 1 } }], usage },
  { toolCalls: [{ id: 'r2', name: 'peek', input: { n: 2 } }], usage },
  { toolCalls: [{ id: 'r3', name: 'read_note', input: { id: 3 } }], usage },
  { text: 'Read them all.', usage },
];

describe('SessionManager and the checkpoint of a turn under way', () => {
  it('keeps it in the file store as each round starts its calls and after it, and none once the turn has ended', async () => {
    const seen: Array<number | undefined> = [];
    let sessionId = '';
    // While a round runs, what another host reading the same directory finds; the second copies the file, as a
    // crash at that moment would leave it.
    const peek = defineTool({
      name: 'peek',
      inputSchema: { type: 'object' },
      execute: async () => {
        const stored = await createFileSessionStore({ directory }).load(sessionId);
        seen.push(stored?.turnUnderWay?.state.rounds);
        if (seen.length === 2) await cp(directory, copies, { recursive: true });
        return 'peeked';
      },
    });
    const models = createModelFactory(threeRounds);
    const manager = new SessionManager({
      createModel: models.createModel,
      store: createFileSessionStore({ directory }),
      tools: [peek, readNote],
    });
    const session = await manager.initializeSession({
      type: 'claude',
      api_key: 'sk-ant-x',
      model: 'claude-sonnet-4-6',
    });
    sessionId = session.id;
    for await (const _chunk of manager.sendMessageStream(session.id, 'Read the notes.')) continue;
    const finished = await createFileSessionStore({ directory }).load(session.id);
    await manager.dispose();

    // Saved as each round's calls start (before the first round's, no round had ended), and after each round.
    expect(seen).toEqual([0, 1]);
    // Each result is written twice: in the journal of its round as its call finishes, and with its message.
    const file = await readFile(join(directory, `${session.id}.json`), 'utf8');
    expect(file.split('"text":"peeked"').length - 1).toBe(4);
    expect(finished?.turnUnderWay).toBeUndefined();
    expect(finished?.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Read them all.' }],
    });

    // A host that died in the second round: the copy holds the turn as that round's calls started.
    const left = await createFileSessionStore({ directory: copies }).load(session.id);
    const checkpoint = left?.turnUnderWay;
    expect(checkpoint?.state.rounds).toBe(1);
    expect(checkpoint?.runningStep?.toolNames).toEqual(['peek', 'read_note']);
    expect(left?.messages).toHaveLength(4);
    expect(left?.toolJournal).toEqual({ r2: { toolCallId: 'r2', name: 'peek', status: 'started' } });
    // It goes on with the calls of the second round: the model is asked for the third.
    const resumed = await runToolLoop({
      model: createScriptedModel(threeRounds.slice(2)),
      tools: [peek, readNote],
      resume: { turn: checkpoint as NonNullable<typeof checkpoint> },
    }).result;

    expect(resumed.stopReason).toBe('completed');
    expect(resumed.rounds).toBe(3);
    expect(resumed.messages).toEqual(finished?.messages);
    expect(checkpoint?.state.toolCalls.map((call) => [call.input, call.output.content])).toEqual([
      [{ n: 1 }, [{ type: 'text', text: 'peeked' }]],
    ]);
  });

  it('keeps the tokens counted so far, and a save of the turn under way never lands after the turn has ended', async () => {
    const memory = createMemorySessionStore();
    const gate = createDeferred();
    const underWayTokens: Array<number | undefined> = [];
    // A store slow to save the turn after its first round: the turn's deadline passes while it saves.
    const store: SessionStore = {
      ...memory,
      save: async (session, options) => {
        const underWay = session.turnUnderWay;
        if (underWay !== undefined && underWay.state.rounds === 1 && underWay.runningStep === undefined) {
          underWayTokens.push(session.tokenCount);
          await gate.promise;
        }
        return memory.save(session, options);
      },
    };
    const manager = new SessionManager({
      createModel: createModelFactory(threeRounds).createModel,
      store,
      tools: [
        defineTool({ name: 'peek', inputSchema: { type: 'object' }, execute: () => 'peeked' }),
        readNote,
      ],
    });
    const session = await manager.initializeSession({
      type: 'claude',
      api_key: 'sk-ant-x',
      model: 'claude-sonnet-4-6',
      timeout_ms: 50,
    });
    const chunks: string[] = [];
    for await (const chunk of manager.sendMessageStream(session.id, 'Read the notes.')) {
      chunks.push(chunk.type);
      // The turn has timed out; only now does the slow save finish.
      if (chunk.type === 'error') gate.resolve();
    }
    const stored = await memory.load(session.id);
    await manager.dispose();

    // The first round's tokens count against the session's budget from the moment it is saved.
    expect(underWayTokens).toEqual([120]);
    expect(chunks.at(-1)).toBe('done');
    expect(stored?.turnUnderWay).toBeUndefined();
    expect(stored?.tokenCount).toBe(120);
  });

  it('resumes a turn paused by the earlier format, kept in a session file that version wrote', async () => {
    await cp(new URL('./paused-session-v1/', import.meta.url), directory, { recursive: true });
    const id = 'e9f7c4ea-2714-4398-b314-fb7c3e83aecb';
    const deleted: unknown[] = [];
    const deleteNote = defineTool({
      name: 'delete_note',
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      needsApproval: true,
      execute: (input) => {
        deleted.push(input.id);
        return `note ${JSON.stringify(input.id)} deleted`;
      },
    });
    const manager = new SessionManager({
      createModel: createModelFactory({ text: 'Note 1 is deleted.', usage }).createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote, deleteNote],
      environment: { ANTHROPIC_API_KEY: 'sk-ant-from-environment' },
    });
    const paused = await manager.getSession(id);
    expect(paused?.pausedTurn?.version).toBe(1);
    for await (const _chunk of manager.resumeTurnStream(id, { delete_1: { approved: true } })) continue;
    const finished = await manager.getSession(id);
    await manager.dispose();

    expect(deleted).toEqual([1]);
    expect(finished?.pausedTurn).toBeUndefined();
    expect(finished?.toolCallCount).toBe(2);
    expect(finished?.tokenCount).toBe(360);
    expect(finished?.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Note 1 is deleted.' }],
    });
  });
});
