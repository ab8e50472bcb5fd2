import { defineTool, ModelError, runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { ollama } from '@toolloop/providers/ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectStream, createModelRequest } from './support/collect-stream.js';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const weather = defineTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}.`,
});

describe("the Ollama provider against the fake LLM's /api/chat", () => {
  it('runs a two-round tool loop whose thinking goes back in the assistant message, with no violation', async () => {
    fake = createFakeLlm({
      name: 'ollama round trip',
      steps: [
        { thinking: 'Paris first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
        { thinking: 'It is sunny.', text: 'Sunny in Paris.', expectTools: ['get_weather'] },
      ],
    });
    const { url } = await fake.serve();
    const run = runToolLoop({
      model: ollama({ model: 'qwen3:8b', host: url, thinking: { enabled: true } }),
      prompt: 'Weather in Paris?',
      tools: [weather],
      statusMessages: 'off',
    });
    const thinking: string[] = [];
    for await (const event of run) if (event.type === 'thinking') thinking.push(event.text);
    const result = await run.result;

    expect(result).toMatchObject({ stopReason: 'completed', rounds: 1, text: 'Sunny in Paris.' });
    expect(thinking.join('')).toContain('Paris first.');
    expect(fake.violations).toEqual([]);
    const second = fake.requests[1]?.body as Record<string, unknown>;
    expect(second).toMatchObject({ model: 'qwen3:8b', think: true, stream: true });
    expect(second['messages']).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        thinking: 'Paris first.',
        tool_calls: [
          { id: 'call_fake_default_1_1', function: { name: 'get_weather', arguments: { city: 'Paris' } } },
        ],
      },
      {
        role: 'tool',
        content: 'Sunny in Paris.',
        tool_name: 'get_weather',
        tool_call_id: 'call_fake_default_1_1',
      },
    ]);
  });

  it('sends think levels to gpt-oss and the answer schema as format', async () => {
    fake = createFakeLlm([{ thinking: 'Short.', text: '{"city":"Paris"}' }]);
    const { url } = await fake.serve();
    const model = ollama({ model: 'gpt-oss:20b', host: url });
    const { parts } = await collectStream({
      model,
      request: createModelRequest({
        thinking: { enabled: true, effort: 'low' },
        responseFormat: { type: 'json', name: 'city', schema: { type: 'object' } },
        maxTokens: 300,
      }),
    });
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      { type: 'text', text: '{"city":"Paris"}' },
    ]);
    expect(fake.requests[0]?.body).toMatchObject({
      think: 'low',
      format: { type: 'object' },
      options: { num_predict: 300 },
    });
    expect(fake.violations).toEqual([]);
  });

  it('fails a model that is not pulled with a ModelError that says to pull it, not retryable', async () => {
    fake = createFakeLlm([{ text: 'Never.' }]);
    const { url } = await fake.serve();
    const { error } = await collectStream({
      model: ollama({ model: 'llama9:70b', host: url }),
      request: createModelRequest(),
    });
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, retryable: false, errorType: 'model_not_found' });
    expect((error as Error).message).toBe(
      `Ollama at ${url} answered 404 for llama9:70b: model 'llama9:70b' not found. Pull the model first (\`ollama pull llama9:70b\`), or check the model name.`,
    );
  });

  it('names the host when nothing listens there, as a retryable connection error', async () => {
    fake = createFakeLlm([]);
    const server = await fake.serve();
    await server.close();
    const { error } = await collectStream({
      model: ollama({ model: 'qwen3', host: server.url }),
      request: createModelRequest(),
    });
    expect(error).toMatchObject({ retryable: true, errorType: 'connection_error' });
    expect((error as Error).message).toContain(
      `Could not reach Ollama at ${server.url} (connection refused)`,
    );
  });

  it('aborts one request without touching another streaming at the same time, and leaves no stream open', async () => {
    fake = createFakeLlm();
    fake.script('slow', [{ text: 'one two three four five six seven eight', chunkDelayMs: 50 }]);
    fake.script('other', [{ text: 'one two three four five six', chunkDelayMs: 20 }]);
    const { url } = await fake.serve();
    const controller = new AbortController();
    const slow = ollama({ model: 'qwen3', host: `${url}/script/slow` });
    const other = ollama({ model: 'qwen3', host: `${url}/script/other` });
    const aborted = (async () => {
      for await (const part of slow.stream(createModelRequest({ signal: controller.signal }))) {
        if (part.type === 'text-delta') controller.abort(new Error('stop'));
      }
    })().catch((error: unknown) => error);
    const completed = collectStream({ model: other, request: createModelRequest() });

    expect(await aborted).toEqual(new Error('stop'));
    const { parts, error } = await completed;
    expect(error).toBeUndefined();
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      { type: 'text', text: 'one two three four five six' },
    ]);
    await fake.waitForIdle();
    expect(fake.streams.map(({ scriptId, status }) => [scriptId, status])).toEqual([
      ['slow', 'aborted'],
      ['other', 'completed'],
    ]);
  });

  it('ends the connection of a stream its consumer stops reading', async () => {
    fake = createFakeLlm([{ text: 'one two three four five six seven eight nine', chunkDelayMs: 20 }]);
    const { url } = await fake.serve();
    for await (const part of ollama({ model: 'qwen3', host: url }).stream(createModelRequest())) {
      if (part.type === 'text-delta') break;
    }
    await fake.waitForIdle();
    expect(fake.streams.map(({ status, clientAborted }) => [status, clientAborted])).toEqual([
      ['aborted', true],
    ]);
  });
});

describe('an Ollama host with a user and password in its URL', () => {
  it('sends them as a Basic Authorization header, and no message or model field shows the password', async () => {
    const proxied = createFakeLlm({ steps: [{ text: 'Behind the proxy.' }] });
    try {
      const { url } = await proxied.serve();
      const withCredentials = url.replace('http://', 'http://admin:hunter2@');
      const model = ollama({ model: 'qwen3:8b', host: withCredentials });
      const result = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;

      expect(result.text).toBe('Behind the proxy.');
      expect(proxied.requests[0]?.path).toBe('/api/chat');
      expect(model.host).toBe(url);
      const unreachable = ollama({ model: 'qwen3:8b', host: 'http://admin:hunter2@127.0.0.1:9' });
      const failed = await runToolLoop({ model: unreachable, prompt: 'Hi', statusMessages: 'off' }).result;
      expect(failed.stopReason).toBe('model_error');
      expect(JSON.stringify(failed.error)).not.toContain('hunter2');
      expect(failed.error?.message).toContain('http://127.0.0.1:9');
      expect(unreachable.host).not.toContain('hunter2');
      // Without a scheme, as OLLAMA_HOST may be written, and with a bare % in the password.
      for (const host of ['admin:hunter2@127.0.0.1:9', 'http://admin:hunter2%@127.0.0.1:9']) {
        const model = ollama({ model: 'qwen3:8b', host });
        const outcome = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;
        expect(outcome.error?.message).toContain('127.0.0.1:9');
        expect(JSON.stringify(outcome.error)).not.toContain('hunter2');
        expect(model.host).not.toContain('hunter2');
      }
    } finally {
      await proxied.close();
    }
  });
});
