import { InvalidArgumentError } from '@toolloop/core';
import {
  createMemorySessionStore,
  InvalidConfigError,
  SessionManager,
  type MessageStreamChunk,
} from '@toolloop/core/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServers, createModelFactory, readNote } from './support/session-test-kit.js';

const apiKey = 'sk-ant-test-0123456789abcdef';

/** A host's usual config, written the way hosts of the `LLMConfig` shape write it (servers elided). */
function hostConfig() {
  return {
    type: 'claude',
    api_key: process.env.ANTHROPIC_API_KEY,
    model: 'claude-3-7-sonnet-20250219',
    system_prompt: 'You are a helpful assistant with access to tools.',

    // Tool call limits
    max_tool_calls: {
      per_message: 3, // Max 3 tool calls per message
      per_session: 20, // Max 20 tool calls for entire session
    },

    // Thinking configuration
    thinking: {
      enabled: true,
      budget_tokens: 8000, // Optional: override default budget
    },

    // Server configurations
    servers: {
      // ...
    },
  };
}

async function drain(stream: AsyncIterable<MessageStreamChunk>): Promise<MessageStreamChunk[]> {
  const chunks: MessageStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('SessionManager with a host config as hosts write it', () => {
  it('accepts the config verbatim and streams thinking, tool, content and done chunks', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', apiKey);
    const factory = createModelFactory([
      {
        thinking: 'I should read note 7.',
        toolCalls: [{ id: 'call_1', name: 'read_note', input: { id: 7 } }],
      },
      { thinking: 'Now I can answer.', text: 'Note 7 says: note 7.' },
    ]);
    const manager = new SessionManager({ createModel: factory.createModel, tools: [readNote] });

    const session = await manager.initializeSession(hostConfig());
    const chunks = await drain(
      manager.sendMessageStream(session.id, 'Analyze this complex data and tell me what actions to take'),
    );

    expect(chunks.filter((chunk) => chunk.type !== 'status')).toEqual([
      { type: 'thinking', text: 'I should read note 7.', content: 'I should read note 7.' },
      {
        type: 'tool-start',
        content: 'read_note {"id":7}',
        name: 'read_note',
        toolCallId: 'call_1',
        input: { id: 7 },
        round: 0,
      },
      {
        type: 'tool-result',
        content: 'note 7',
        name: 'read_note',
        toolCallId: 'call_1',
        isError: false,
        executed: true,
        durationMs: expect.any(Number) as number,
        round: 0,
        output: { content: [{ type: 'text', text: 'note 7' }] },
      },
      { type: 'thinking', text: 'Now I can answer.', content: 'Now I can answer.' },
      { type: 'content', text: 'Note 7 says: note 7.', content: 'Note 7 says: note 7.' },
      expect.objectContaining({
        type: 'done',
        stopReason: 'completed',
        text: 'Note 7 says: note 7.',
        toolCallCount: 1,
      }),
    ]);
    expect(chunks.filter((chunk) => chunk.type === 'status').map((chunk) => chunk.content)).toContain(
      'Using Read Note...',
    );
    await manager.dispose();
  });

  it('hands the factory the key, the model and the thinking budget, and the loop the system prompt', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', apiKey);
    const factory = createModelFactory({ text: 'Hello.' });
    const manager = new SessionManager({ createModel: factory.createModel });

    const session = await manager.initializeSession(hostConfig());
    await manager.sendMessage(session.id, 'Hi');

    expect(factory.configs).toEqual([expect.objectContaining({ type: 'claude', api_key: apiKey })]);
    expect(factory.model.requests[0]).toMatchObject({
      system: 'You are a helpful assistant with access to tools.',
      thinking: { enabled: true, budgetTokens: 8000 },
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('keeps the api key out of the session data, the store and every chunk', async () => {
    const store = createMemorySessionStore();
    const factory = createModelFactory({ text: 'Hello.' });
    const manager = new SessionManager({ createModel: factory.createModel, store });

    const session = await manager.initializeSession({ ...hostConfig(), api_key: apiKey });
    const chunks = await drain(manager.sendMessageStream(session.id, 'Hi'));

    expect(session.llmConfig).not.toHaveProperty('api_key');
    expect(JSON.stringify(await store.load(session.id))).not.toContain(apiKey);
    expect(JSON.stringify(await manager.getSession(session.id))).not.toContain(apiKey);
    expect(JSON.stringify(chunks)).not.toContain(apiKey);
  });

  it('streams a provider warning as a warning chunk (thinking on a model that cannot think)', async () => {
    const factory = createModelFactory({
      parts: [
        {
          type: 'warning',
          code: 'thinking_unsupported',
          message: 'This model cannot think; thinking is off.',
        },
        { type: 'text-delta', text: 'Hi.' },
        { type: 'text', text: 'Hi.' },
        { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } },
      ],
    });
    const manager = new SessionManager({ createModel: factory.createModel });

    const session = await manager.initializeSession({ type: 'ollama', model: 'llama3' });
    const chunks = await drain(manager.sendMessageStream(session.id, 'Hi'));

    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'warning',
        content: 'This model cannot think; thinking is off.',
        code: 'thinking_unsupported',
      }),
    );
    expect(factory.model.requests[0]?.thinking).toEqual({ enabled: true });
  });

  it('passes thinking off and an effort override through', async () => {
    const factory = createModelFactory({ text: 'Hi.' });
    const manager = new SessionManager({ createModel: factory.createModel });

    const off = await manager.initializeSession({
      type: 'openai',
      model: 'gpt-5',
      thinking: { enabled: false },
    });
    const effort = await manager.initializeSession({
      type: 'openai',
      model: 'gpt-5',
      thinking: { effort: 'low' },
    });
    await manager.sendMessage(off.id, 'Hi');
    await manager.sendMessage(effort.id, 'Hi');

    expect(factory.model.requests.map((request) => request.thinking)).toEqual([
      { enabled: false },
      { enabled: true, effort: 'low' },
    ]);
  });

  it('rejects a config with three mistakes, listing all three and never the key', async () => {
    const factory = createModelFactory({ text: 'unused' });
    const manager = new SessionManager({ createModel: factory.createModel });

    const attempt = manager.initializeSession({
      ...hostConfig(),
      api_key: apiKey,
      type: 'palm',
      max_tool_calls: { per_message: 'three', per_session: 20 },
      thinking: { enabled: true, budget_tokens: 0 },
    });

    const error = await attempt.catch((caught: unknown) => caught);
    expect(InvalidConfigError.isInstance(error)).toBe(true);
    expect(InvalidConfigError.isInstance(error) && error.issues.map((issue) => issue.path)).toEqual([
      'type',
      'max_tool_calls.per_message',
      'thinking.budget_tokens',
    ]);
    expect(String(error)).not.toContain(apiKey);
    expect(JSON.stringify(error)).not.toContain(apiKey);
    expect(factory.configs).toEqual([]);
  });

  it('refuses a config with servers when the manager cannot connect them', async () => {
    const factory = createModelFactory({ text: 'unused' });
    const manager = new SessionManager({ createModel: factory.createModel });

    const error = await manager
      .initializeSession({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        servers: { files: { command: 'node' } },
      })
      .catch((caught: unknown) => caught);

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(String(error)).toContain('connectMcpServers');
    expect(factory.configs).toEqual([]);
  });

  it('connects the servers of a config, offers their tools, and closes them with the session', async () => {
    const servers = createFakeServers();
    const connectServers = vi.fn(() => Promise.resolve(servers));
    const factory = createModelFactory([{ toolCalls: [{ name: 'search' }] }, { text: 'Found it.' }]);
    const manager = new SessionManager({ createModel: factory.createModel, connectServers });

    const session = await manager.initializeSession({
      type: 'claude',
      model: 'claude-sonnet-4-6',
      servers: { web: { url: 'http://127.0.0.1:1/mcp' } },
    });
    const result = await manager.sendMessage(session.id, 'Search');
    await manager.closeSession(session.id);

    expect(connectServers).toHaveBeenCalledWith(
      { servers: { web: { url: 'http://127.0.0.1:1/mcp' } } },
      // Ends the start of the servers if the session closes meanwhile.
      { signal: expect.any(AbortSignal) as unknown },
    );
    expect(result.toolCalls.map((call) => [call.name, call.isError])).toEqual([['search', false]]);
    expect(servers.closed).toBe(1);
    expect(await manager.getSession(session.id)).toBeUndefined();
    await expect(manager.sendMessage(session.id, 'Again')).rejects.toThrow(
      `Session '${session.id}' was closed.`,
    );
  });
});
