import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

const secret = 'sk-ant-restart-secret-42';
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-restart-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('SessionManager over a file store, across a restart', () => {
  it('resumes every session in a new manager: history and tool-call count intact', async () => {
    const before = createModelFactory([
      { toolCalls: [{ id: 'call_1', name: 'read_note', input: { id: 1 } }] },
      { text: 'Note 1 read.' },
      { text: 'Hello, second session.' },
    ]);
    const first = new SessionManager({
      createModel: before.createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote],
    });
    const withTools = await first.initializeSession({
      type: 'claude',
      api_key: secret,
      model: 'claude-sonnet-4-6',
      max_tool_calls: { per_session: 5 },
    });
    const plain = await first.initializeSession({ type: 'openai', model: 'gpt-5' });
    await first.sendMessage(withTools.id, 'Read note 1');
    await first.sendMessage(plain.id, 'Hi');
    await first.dispose();

    const after = createModelFactory({ text: 'Still here.' });
    const second = new SessionManager({
      createModel: after.createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote],
      environment: { ANTHROPIC_API_KEY: 'sk-ant-from-environment' },
    });
    const resumed = await second.getSession(withTools.id);
    const result = await second.sendMessage(withTools.id, 'Anything else?');

    expect(resumed?.toolCallCount).toBe(1);
    expect(resumed?.messages).toEqual([
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
      { role: 'assistant', content: [{ type: 'text', text: 'Note 1 read.' }] },
    ]);
    expect(after.model.requests[0]?.messages).toEqual([
      ...(resumed?.messages ?? []),
      { role: 'user', content: 'Anything else?' },
    ]);
    expect(result.sessionToolCalls).toBe(1);
    expect((await second.getSession(plain.id))?.messages).toHaveLength(2);
    // The key was never stored: after the restart it comes from the environment.
    expect(after.configs.map((config) => config.api_key)).toEqual(['sk-ant-from-environment']);
    const files = await readdir(directory);
    expect(files.sort()).toEqual([`${plain.id}.json`, `${withTools.id}.json`].sort());
    for (const file of files) expect(await readFile(join(directory, file), 'utf8')).not.toContain(secret);
  });

  it('takes the key from resumeSession when the host passes one', async () => {
    const store = createFileSessionStore({ directory });
    const before = createModelFactory({ text: 'Hi.' });
    const first = new SessionManager({ createModel: before.createModel, store });
    const session = await first.initializeSession({ type: 'openai', api_key: 'sk-first', model: 'gpt-5' });
    await first.dispose();

    const after = createModelFactory({ text: 'Hi again.' });
    const second = new SessionManager({
      createModel: after.createModel,
      store,
      environment: { OPENAI_API_KEY: 'sk-environment' },
    });
    const resumed = await second.resumeSession(session.id, { apiKey: 'sk-from-host' });
    await second.sendMessage(session.id, 'Hi');

    expect(resumed.id).toBe(session.id);
    expect(after.configs.map((config) => config.api_key)).toEqual(['sk-from-host']);
  });

  it('reopens a session after dispose() with the key it was created with', async () => {
    const factory = createModelFactory({ text: 'Hi.' });
    const manager = new SessionManager({ createModel: factory.createModel, environment: {} });
    const session = await manager.initializeSession({
      type: 'openai',
      api_key: 'sk-kept-in-memory',
      model: 'gpt-5',
    });

    await manager.dispose();
    await manager.sendMessage(session.id, 'Hi');

    expect(factory.configs.map((config) => config.api_key)).toEqual([
      'sk-kept-in-memory',
      'sk-kept-in-memory',
    ]);
  });

  it('reports an id no store knows as an unknown session, naming it', async () => {
    const manager = new SessionManager({
      createModel: createModelFactory({ text: 'unused' }).createModel,
      store: createFileSessionStore({ directory }),
    });

    await expect(manager.sendMessage('no-such-session', 'Hi')).rejects.toThrow(
      "Session 'no-such-session' does not exist.",
    );
  });
});
