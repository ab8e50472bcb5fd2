import { ModelError, type AssistantContentPart, type ModelStreamPart } from '@toolloop/core';
import { createFakeLlm, type ChatCompletionsQuirks, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { ollamaOpenAI, openai, openaiCompatible } from '@toolloop/providers/openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectStream, createModelRequest } from './support/collect-stream.js';

const baseURL = 'https://fake-llm.test/v1';
let fake: FakeLlm | undefined;

function startFake(
  steps: LlmStep[],
  dialect?: 'openai' | 'deepseek' | 'ollama',
  quirks: Partial<ChatCompletionsQuirks> = {},
): FakeLlm {
  fake = createFakeLlm({
    name: 'openai provider round trip',
    steps,
    quirks,
    // An OpenAI-compatible server's own model, and Ollama's: OpenAI's list names neither.
    models: [{ id: 'test-model' }, { id: 'qwen3:8b' }],
    ...(dialect === undefined ? {} : { dialect }),
  });
  fake.listen();
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const getWeather = {
  name: 'get_weather',
  description: 'The weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

function contentOf(parts: ModelStreamPart[]): AssistantContentPart[] {
  return parts.filter(
    (part): part is AssistantContentPart =>
      part.type === 'text' ||
      part.type === 'thinking' ||
      part.type === 'redacted-thinking' ||
      part.type === 'tool-call',
  );
}

const toolRound: LlmStep = {
  thinking: 'The user wants Paris. I will call get_weather.',
  text: 'Let me check.',
  toolCalls: [{ id: 'call_paris', name: 'get_weather', input: { city: 'Paris' } }],
};

describe('the OpenAI-compatible provider against the fake LLM', () => {
  it.each([
    ['deepseek', 'reasoning_content'],
    ['ollama', 'reasoning'],
  ] as const)(
    'sends the reasoning back in the field the %s dialect used (%s) in a two-round tool loop',
    async (dialect, field) => {
      const llm = startFake([toolRound, { thinking: 'It is sunny.', text: 'Sunny in Paris.' }], dialect);
      const model = openaiCompatible({ baseURL, model: 'test-model' });

      const first = await collectStream({
        model,
        request: createModelRequest({
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
          tools: [getWeather],
        }),
      });
      expect(first.error).toBeUndefined();
      const firstContent = contentOf(first.parts);
      expect(firstContent).toEqual([
        { type: 'thinking', text: 'The user wants Paris. I will call get_weather.', providerData: { field } },
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', id: 'call_paris', name: 'get_weather', input: { city: 'Paris' } },
      ]);
      expect(first.parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });

      const second = await collectStream({
        model,
        request: createModelRequest({
          messages: [
            { role: 'user', content: 'Weather in Paris?' },
            { role: 'assistant', content: firstContent },
            {
              role: 'tool',
              content: [
                {
                  type: 'tool-result',
                  toolCallId: 'call_paris',
                  toolName: 'get_weather',
                  output: { content: [{ type: 'text', text: 'Sunny, 21°C' }] },
                  isError: false,
                },
              ],
            },
          ],
          tools: [getWeather],
        }),
      });
      expect(second.error).toBeUndefined();
      expect(contentOf(second.parts)).toEqual([
        { type: 'thinking', text: 'It is sunny.', providerData: { field } },
        { type: 'text', text: 'Sunny in Paris.' },
      ]);
      expect(second.parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'end' });

      expect(llm.violations).toEqual([]);
      const sentBack = (llm.requests[1]?.body as { messages: Array<Record<string, unknown>> }).messages[1];
      expect(sentBack).toMatchObject({
        role: 'assistant',
        content: 'Let me check.',
        [field]: 'The user wants Paris. I will call get_weather.',
      });
    },
  );

  it.each<[string, Partial<ChatCompletionsQuirks>]>([
    ['indexes from 1', { toolCallIndexes: 'from-1' }],
    ['no indexes', { toolCallIndexes: 'absent' }],
    ['continuations that repeat type and name ""', { continuationChunks: 'repeat-type' }],
    ['whole arguments', { toolCallArguments: 'whole' }],
    ['empty arguments as ""', { emptyArguments: 'empty-string' }],
    ['usage in the finish chunk', { usage: 'finish-chunk' }],
    [
      'all of them at once',
      {
        toolCallIndexes: 'absent',
        continuationChunks: 'repeat-type',
        emptyArguments: 'empty-string',
        usage: 'finish-chunk',
      },
    ],
  ])('reads parallel tool calls the same with %s', async (_name, quirks) => {
    const llm = startFake(
      [
        {
          text: 'Two calls.',
          toolCalls: [
            { id: 'call_weather', name: 'get_weather', input: { city: 'Paris', units: ['celsius'] } },
            { id: 'call_time', name: 'get_time', input: {} },
          ],
          usage: { inputTokens: 12, outputTokens: 7 },
        },
      ],
      'openai',
      quirks,
    );
    const model = openaiCompatible({ baseURL, model: 'test-model' });
    const { parts, error } = await collectStream({
      model,
      request: createModelRequest({ tools: [getWeather] }),
    });
    expect(error).toBeUndefined();
    expect(contentOf(parts)).toEqual([
      { type: 'text', text: 'Two calls.' },
      {
        type: 'tool-call',
        id: 'call_weather',
        name: 'get_weather',
        input: { city: 'Paris', units: ['celsius'] },
      },
      { type: 'tool-call', id: 'call_time', name: 'get_time', input: {} },
    ]);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: 'tool_calls',
      usage: { inputTokens: 12, outputTokens: 7 },
    });
    expect(llm.violations).toEqual([]);
  });

  it('runs through the ollama and openai presets too', async () => {
    const llm = startFake([{ text: 'From Ollama.' }, { text: 'From OpenAI.' }]);
    const fromOllama = await collectStream({
      model: ollamaOpenAI({ model: 'qwen3:8b', baseURL }),
      request: createModelRequest(),
    });
    const fromOpenAI = await collectStream({
      model: openai({ model: 'gpt-5-mini', apiKey: 'test-key', baseURL }),
      request: createModelRequest(),
    });
    expect(contentOf(fromOllama.parts)).toEqual([{ type: 'text', text: 'From Ollama.' }]);
    expect(contentOf(fromOpenAI.parts)).toEqual([{ type: 'text', text: 'From OpenAI.' }]);
    expect(llm.violations).toEqual([]);
  });

  it('retries a 429 after its retry-after and succeeds', async () => {
    const llm = startFake([{ error: { status: 429, retryAfter: 0.05 } }, { text: 'Back again.' }]);
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const model = openaiCompatible({ baseURL, model: 'test-model' });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    expect(contentOf(parts)).toEqual([{ type: 'text', text: 'Back again.' }]);
    expect(llm.requests).toHaveLength(2);
    // The SDK waited what retry-after asked (50 ms), not its own backoff (at least 375 ms).
    expect(setTimeoutSpy.mock.calls.some(([, delay]) => delay === 50)).toBe(true);
  });

  it('reports a 529 that outlasts the retries as a retryable ModelError', async () => {
    const overloaded: LlmStep = { error: { status: 529, type: 'overloaded_error', retryAfter: 0.001 } };
    const llm = startFake([overloaded, overloaded]);
    const model = openaiCompatible({ baseURL, model: 'test-model', maxRetries: 1, name: 'vllm' });
    const { error } = await collectStream({ model, request: createModelRequest() });
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 529,
      errorType: 'overloaded_error',
      retryable: true,
      provider: 'vllm',
    });
    expect(llm.requests).toHaveLength(2);
  });

  it('stops mid-stream when the signal aborts, with its reason, and closes the HTTP request', async () => {
    const llm = startFake([
      { text: 'A long answer that never ends', truncate: { afterEvents: 3 }, hang: true },
    ]);
    const model = openaiCompatible({ baseURL, model: 'test-model' });
    const controller = new AbortController();
    const reason = new Error('The user pressed stop.');
    const parts: ModelStreamPart[] = [];
    let caught: unknown;
    try {
      for await (const part of model.stream(createModelRequest({ signal: controller.signal }))) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort(reason);
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(reason);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    await llm.waitForIdle();
    expect(llm.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
  });

  it('reports a stream cut off before its finish as a retryable ModelError, not a hang', async () => {
    startFake([{ text: 'Cut short', truncate: { afterEvents: 2 } }]);
    const model = openaiCompatible({ baseURL, model: 'test-model' });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: true,
      errorType: 'incomplete_stream',
      provider: 'openai-compatible',
    });
  });
});
