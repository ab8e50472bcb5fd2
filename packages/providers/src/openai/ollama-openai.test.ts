import { describe, expect, it } from 'vitest';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { useOpenAITestServer } from '../../test/support/openai-test-server.js';
import { createOpenAIChunks, encodeOpenAIChunks } from '../../test/support/openai-wire.js';
import { ollamaOpenAI } from './ollama-openai.js';

const { answer } = useOpenAITestServer();

const hello = () =>
  createEventStreamResponse({
    bytes: encodeOpenAIChunks(createOpenAIChunks({ text: 'Hi!', finishReason: 'stop' })),
  });

const getWeather = {
  name: 'get_weather',
  description: 'Weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('ollama', () => {
  it('talks to localhost:11434 without a key', async () => {
    const received = answer([hello], 'http://localhost:11434/v1');
    const model = ollamaOpenAI({ model: 'qwen3:8b', maxRetries: 0 });
    const { error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    expect(model.provider).toBe('ollama');
    expect(received.headers[0]?.get('authorization')).toBeNull();
  });

  it('emulates tool choice none by sending no tools', async () => {
    const received = answer([hello], 'http://localhost:11434/v1');
    const model = ollamaOpenAI({ model: 'qwen3:8b', maxRetries: 0 });
    await collectStream({
      model,
      request: createModelRequest({
        tools: [getWeather],
        toolChoice: { type: 'none' },
        maxToolsPerResponse: 1,
      }),
    });
    expect(received.bodies[0]).not.toHaveProperty('tools');
    expect(received.bodies[0]).not.toHaveProperty('tool_choice');
    expect(received.bodies[0]).not.toHaveProperty('parallel_tool_calls');
  });
});
