import type { Model } from '@toolloop/core';
import {
  createMemorySessionStore,
  SessionManager,
  type MessageStream,
  type SessionData,
} from '@toolloop/core/session';
import { createScriptedModel, type ModelScript } from '@toolloop/core/testing';
import { describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

/** A model whose `stream` member itself throws the first time it is read, then streams from the script. */
function createModelBrokenOnce(script: ModelScript) {
  const scripted = createScriptedModel(script);
  let broken = true;
  const model: Model = {
    provider: 'test',
    modelId: 'broken-once',
    get stream() {
      if (broken) {
        broken = false;
        throw new TypeError('Cannot convert object to primitive value');
      }
      return scripted.stream.bind(scripted);
    },
  };
  return { model, scripted };
}

/** A model that answers from the script but throws, instead of streaming, when asked for the request `brokenOn`. */
function createModelBrokenOn({ script, brokenOn }: { script: ModelScript; brokenOn: number }) {
  const scripted = createScriptedModel(script);
  let requests = 0;
  const model: Model = {
    provider: 'test',
    modelId: 'broken-later',
    stream(request) {
      requests += 1;
      if (requests - 1 === brokenOn) throw new TypeError('Cannot convert object to primitive value');
      return scripted.stream(request);
    },
  };
  return { model, scripted };
}

/** Reads the stream to its end and says how the turn ended, without throwing. */
async function settle(stream: MessageStream): Promise<{ types: string[]; failed: boolean }> {
  const types: string[] = [];
  try {
    for await (const chunk of stream) types.push(chunk.type);
    await stream.result;
    return { types, failed: false };
  } catch {
    return { types, failed: true };
  }
}

describe('SessionManager when running a turn fails', () => {
  it("keeps the user's message when the model cannot even be asked, and the next turn sees it", async () => {
    const { model, scripted } = createModelBrokenOnce({ text: 'Here now.' });
    const store = createMemorySessionStore();
    const manager = new SessionManager({ createModel: () => model, store });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });

    const stream = manager.sendMessageStream(session.id, 'First question');
    let storedWhenEnded: SessionData | undefined;
    const ending = stream.result.then(
      async () => undefined,
      async () => (storedWhenEnded = await store.load(session.id)),
    );
    const outcome = await settle(stream);
    await ending;
    const next = await manager.sendMessage(session.id, 'Second question');

    const firstOnly = [{ role: 'user', content: 'First question' }];
    if (outcome.failed) expect(storedWhenEnded?.messages).toEqual(firstOnly);
    else expect(outcome.types.at(-1)).toBe('done');
    expect(next.text).toBe('Here now.');
    expect(scripted.requests[0]?.messages).toEqual([
      ...firstOnly,
      { role: 'user', content: 'Second question' },
    ]);
  });

  it('keeps what the turn produced before it failed: the tool call, its result and the count', async () => {
    const { model, scripted } = createModelBrokenOn({
      script: [
        { toolCalls: [{ id: 'call_1', name: 'read_note', input: { id: 1 } }] },
        { text: 'Note 1 says: note 1.' },
      ],
      brokenOn: 1,
    });
    const manager = new SessionManager({ createModel: () => model, tools: [readNote] });
    const session = await manager.initializeSession({ type: 'claude', model: 'claude-sonnet-4-6' });

    const outcome = await settle(manager.sendMessageStream(session.id, 'Read note 1'));
    const saved = await manager.getSession(session.id);

    expect(outcome.types).toContain('tool-result');
    expect(saved?.toolCallCount).toBe(1);
    expect(saved?.messages).toEqual([
      { role: 'user', content: 'Read note 1' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'call_1', name: 'read_note', input: { id: 1 } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'read_note',
            output: { content: [{ type: 'text', text: 'note 1' }] },
            isError: false,
          },
        ],
      },
    ]);
    expect(scripted.requests).toHaveLength(1);
  });

  it("keeps the user's message when a tool source cannot list its tools", async () => {
    const brokenSource = {
      listTools: () => Promise.resolve('not a list' as unknown as []),
      callTool: () => Promise.resolve({ content: [] }),
    };
    const factory = createModelFactory({ text: 'unused' });
    const manager = new SessionManager({ createModel: factory.createModel, tools: [brokenSource] });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });

    await settle(manager.sendMessageStream(session.id, 'Hello?'));

    expect((await manager.getSession(session.id))?.messages).toEqual([{ role: 'user', content: 'Hello?' }]);
  });

  it('refuses at the start a createModel that returns no model, naming it', async () => {
    const manager = new SessionManager({ createModel: () => ({}) as Model });

    await expect(manager.initializeSession({ type: 'openai', model: 'gpt-5' })).rejects.toThrow(
      "Invalid option 'createModel': expected a Model (an object with a stream() method) for a 'openai' config.",
    );
  });
});
