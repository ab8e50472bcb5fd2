import { runToolLoop, type Model } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropic } from './anthropic/anthropic.js';
import { ollamaOpenAI } from './openai/ollama-openai.js';
import { openai } from './openai/openai.js';
import { openaiCompatible } from './openai/openai-compatible.js';

// `fetch`: each provider's requests go through the given function, here straight to an in-process fake LLM
// with no server and no socket: a host that names nothing reachable would fail otherwise.
const fake = createFakeLlm();
afterEach(async () => {
  await fake.close();
});

const origin = 'http://unreachable.invalid';
const seen: string[] = [];
const inProcess: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push(`${request.method} ${new URL(request.url).pathname}`);
  return fake.handle(request);
};

const providers: Array<[string, (id: string) => Model, string]> = [
  [
    'anthropic',
    (id) =>
      anthropic({
        model: 'claude-sonnet-4-6',
        apiKey: 'k',
        baseURL: `${origin}/script/${id}`,
        fetch: inProcess,
      }),
    '/v1/messages',
  ],
  [
    'openai',
    (id) => openai({ model: 'gpt-5', apiKey: 'k', baseURL: `${origin}/script/${id}/v1`, fetch: inProcess }),
    '/v1/chat/completions',
  ],
  [
    'openaiCompatible',
    (id) => openaiCompatible({ model: 'local', baseURL: `${origin}/script/${id}/v1`, fetch: inProcess }),
    '/v1/chat/completions',
  ],
  [
    'ollama',
    (id) => ollamaOpenAI({ model: 'qwen3:8b', baseURL: `${origin}/script/${id}/v1`, fetch: inProcess }),
    '/v1/chat/completions',
  ],
];

describe.each(providers)('%s with a fetch of its own', (name, createModel, path) => {
  it('sends every request through it', async () => {
    seen.length = 0;
    fake.script(name, {
      steps: [{ text: 'Through the given fetch.' }],
      // A local server's own model; Ollama serves whatever it has pulled.
      models: [{ id: 'local' }],
      ...(name === 'ollama' ? { dialect: 'ollama' as const } : {}),
    });

    const result = await runToolLoop({ model: createModel(name), prompt: 'Hi' }).result;

    expect(result.text).toBe('Through the given fetch.');
    expect(seen).toEqual([`POST /script/${name}${path}`]);
  });
});
