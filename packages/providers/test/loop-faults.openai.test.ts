import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { ollamaOpenAI, openai } from '@toolloop/providers/openai';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deepArgumentsAnswer, deepArgumentsError, runWithDeepArguments } from './support/deep-arguments.js';
import { nestArrays, nestObjects } from './support/nested-json.js';

const baseURL = 'https://fake-llm.test/v1';
const malformedStreams = path.resolve(import.meta.dirname, 'fixtures/malformed-streams');
let fake: FakeLlm | undefined;

function startFake(steps: LlmStep[]): FakeLlm {
  fake = createFakeLlm({
    name: 'faults through the OpenAI-compatible provider',
    steps,
    baseDirectory: malformedStreams,
    // An OpenAI-compatible server's own model, and Ollama's: OpenAI's list names neither.
    models: [{ id: 'test-model' }, { id: 'qwen3:8b' }],
  });
  fake.listen();
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const model = () => openai({ model: 'gpt-4.1', apiKey: 'test-key', baseURL, maxRetries: 0 });

describe('runToolLoop through the OpenAI-compatible provider, against hostile model output', () => {
  it.each([
    ['arrays', nestArrays(5000)],
    ['objects', nestObjects(5000)],
  ])('answers tool arguments of %s nested 5,000 deep with an error result', async (_kind, rawInput) => {
    const llm = startFake([
      { toolCalls: [{ id: 'call_deep', name: 'get_weather', rawInput }] },
      { text: deepArgumentsAnswer },
    ]);
    const result = await runWithDeepArguments(model());
    const message = deepArgumentsError;
    expect(result.toolCalls).toMatchObject([{ toolCallId: 'call_deep' }]);
    // The model sees the error for that call; the call goes back with empty arguments.
    expect(llm.requests[1]?.body).toMatchObject({
      messages: [
        { role: 'user' },
        {
          role: 'assistant',
          tool_calls: [{ id: 'call_deep', function: { name: 'get_weather', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_deep', content: `Error: ${message}` },
      ],
    });
    expect(llm.violations).toEqual([]);
  });

  it('ends the turn with model_error on a tool call that never got its name, and runs nothing', async () => {
    startFake([{ replay: 'openai-tool-call-without-name.chunks.jsonl' }]);
    const execute = vi.fn(() => 'Sunny');
    const tool = defineTool({ name: 'get_weather', inputSchema: z.object({ city: z.string() }), execute });
    const result = await runToolLoop({
      model: model(),
      prompt: 'Weather?',
      tools: [tool],
      statusMessages: 'off',
    }).result;
    expect(result).toMatchObject({ stopReason: 'model_error', toolCalls: [] });
    expect(execute).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'invalid_stream',
      message:
        'The openai stream for chatcmpl-nameless sent tool call 0 without a name: events are missing from the response. Try the request again.',
    });
  });

  it('ends the turn with model_error on a stream with no choices at all', async () => {
    startFake([{ replay: 'openai-no-choices.chunks.jsonl' }]);
    const result = await runToolLoop({ model: model(), prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result).toMatchObject({ stopReason: 'model_error', text: '' });
    expect(result.error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'invalid_stream',
      message:
        'The openai stream for chatcmpl-empty sent no choices: the response has no answer. Try the request again.',
    });
  });

  it("keeps the ollama preset's placeholder key from garbling the error message", async () => {
    startFake([{ error: { status: 401, message: 'no key is needed on this ollama server' } }]);
    const model = ollamaOpenAI({ model: 'qwen3:8b', apiKey: 'ollama', baseURL, maxRetries: 0 });
    const result = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result.stopReason).toBe('model_error');
    expect(result.error?.message).toBe(
      'The ollama server answered 401 (invalid_api_key) for qwen3:8b: no key is needed on this ollama server. Check the API key (the `apiKey` option, or the environment variable the provider reads).',
    );
  });

  it('never lets a planted real key reach the error or the result, however the server echoes it', async () => {
    const key = `sk-proj-${'Xq7vR2mK9pL4tW8nB3cF6hJ1dS5gA0zE'.repeat(3)}`;
    startFake([
      { error: { status: 401, message: `Incorrect API key provided: ${key} (Bearer ${key}; key%3D${key})` } },
    ]);
    const model = openai({ model: 'gpt-4.1', apiKey: key, baseURL, maxRetries: 0 });
    const result = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result.error?.message).toContain(
      'Incorrect API key provided: [redacted] (Bearer [redacted]; key%3D[redacted])',
    );
    expect(JSON.stringify(result)).not.toContain(key.slice(0, 20));
  });
});
