import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from '../create-fake-llm.js';
import type { FakeLlmScript } from '../script/fake-llm-script.js';
import type { LlmStep } from '../script/llm-step.js';

const fake = createFakeLlm();
const model = 'gpt-test-model';
const question = [{ role: 'user' as const, content: 'Weather in Paris?' }];

/** Registers a script and returns an SDK client whose requests go to it. */
function createClient(
  id: string,
  script: Omit<FakeLlmScript, 'steps'> & { steps: LlmStep[] },
  options: { maxRetries?: number } = {},
): OpenAI {
  fake.script(id, script);
  return new OpenAI({ apiKey: 'test', baseURL: `http://fake-llm.test/scenario/${id}/v1`, ...options });
}

/** A field that the SDK's types do not declare, such as `reasoning_content`. */
function readExtraField(value: object, key: string): unknown {
  return Object.entries(value).find(([name]) => name === key)?.[1];
}

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

const toolStep: LlmStep = {
  thinking: 'The user wants the weather in Paris, so I call the tool.',
  text: 'Let me check the weather in Paris for you.',
  toolCalls: [
    { name: 'get_weather', input: { city: 'Paris', units: ['celsius'], detailed: true } },
    { name: 'get_time', input: {} },
  ],
  usage: { inputTokens: 120, outputTokens: 45 },
};

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe('the real openai SDK parses a scripted stream', () => {
  it('through chat.completions.create({ stream: true, stream_options: { include_usage: true } })', async () => {
    const client = createClient('sdk-create', { steps: [toolStep] });
    const stream = await client.chat.completions.create({
      model,
      messages: question,
      tools: [weatherTool],
      stream: true,
      stream_options: { include_usage: true },
    });
    let reasoning = '';
    let content = '';
    const calls: Array<{ id?: string; name?: string; arguments: string; fragments: number }> = [];
    const finishReasons: Array<string | null> = [];
    let usage: unknown;
    let chunkCount = 0;
    for await (const chunk of stream) {
      chunkCount += 1;
      expect(chunk).toMatchObject({
        id: 'chatcmpl-fake-sdk-create_1',
        object: 'chat.completion.chunk',
        model,
      });
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (choice === undefined) continue;
      finishReasons.push(choice.finish_reason);
      const reasoningDelta = readExtraField(choice.delta, 'reasoning_content');
      if (typeof reasoningDelta === 'string') reasoning += reasoningDelta;
      content += choice.delta.content ?? '';
      for (const delta of choice.delta.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { arguments: '', fragments: 0 });
        if (delta.id !== undefined) call.id = delta.id;
        if (delta.function?.name !== undefined) call.name = delta.function.name;
        call.arguments += delta.function?.arguments ?? '';
        call.fragments += 1;
      }
    }
    expect(reasoning).toBe(toolStep.thinking);
    expect(content).toBe(toolStep.text);
    expect(calls).toEqual([
      {
        id: 'call_fake_sdk-create_1_1',
        name: 'get_weather',
        arguments: '{"city":"Paris","units":["celsius"],"detailed":true}',
        fragments: 6,
      },
      { id: 'call_fake_sdk-create_1_2', name: 'get_time', arguments: '{}', fragments: 2 },
    ]);
    expect(finishReasons.at(-1)).toBe('tool_calls');
    expect(finishReasons.slice(0, -1).every((reason) => reason === null)).toBe(true);
    expect(usage).toEqual({ prompt_tokens: 120, completion_tokens: 45, total_tokens: 165 });
    expect(fake.route('sdk-create').streams[0]).toMatchObject({
      status: 'completed',
      eventsSent: chunkCount + 1,
      clientAborted: false,
    });
  });

  it('through chat.completions.stream() and finalChatCompletion()', async () => {
    const client = createClient('sdk-helper', { steps: [toolStep] });
    const stream = client.chat.completions.stream({
      model,
      messages: question,
      tools: [weatherTool],
      stream_options: { include_usage: true },
    });
    const argumentsDone: string[] = [];
    stream.on('tool_calls.function.arguments.done', (event) => argumentsDone.push(event.arguments));
    const completion = await stream.finalChatCompletion();
    expect(completion).toMatchObject({
      id: 'chatcmpl-fake-sdk-helper_1',
      object: 'chat.completion',
      model,
      usage: { prompt_tokens: 120, completion_tokens: 45, total_tokens: 165 },
    });
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message).toMatchObject({
      role: 'assistant',
      content: toolStep.text,
      tool_calls: [
        {
          id: 'call_fake_sdk-helper_1_1',
          type: 'function',
          function: {
            name: 'get_weather',
            arguments: '{"city":"Paris","units":["celsius"],"detailed":true}',
          },
        },
        { id: 'call_fake_sdk-helper_1_2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
      ],
    });
    expect(argumentsDone).toEqual(['{"city":"Paris","units":["celsius"],"detailed":true}', '{}']);
  });

  it.each([
    [undefined, 'stop'],
    ['max_tokens', 'length'],
    ['refusal', 'content_filter'],
    ['end_turn', 'stop'],
    ['length', 'length'],
  ])('maps stopReason %s to finish_reason %s', async (stopReason, finishReason) => {
    const id = `sdk-finish-${stopReason ?? 'natural'}`;
    const client = createClient(id, {
      steps: [{ text: 'Cut here', ...(stopReason === undefined ? {} : { stopReason }) }],
    });
    const completion = await client.chat.completions
      .stream({ model, messages: question })
      .finalChatCompletion();
    expect(completion.choices[0]?.finish_reason).toBe(finishReason);
    expect(completion.choices[0]?.message.content).toBe('Cut here');
  });

  it('through a non-streaming create(), with reasoning_content and tool calls in the message', async () => {
    const client = createClient('sdk-json', { steps: [toolStep] });
    const completion = await client.chat.completions.create({
      model,
      messages: question,
      tools: [weatherTool],
    });
    expect(completion).toEqual({
      id: 'chatcmpl-fake-sdk-json_1',
      object: 'chat.completion',
      created: 1_767_225_600,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: toolStep.text,
            refusal: null,
            reasoning_content: toolStep.thinking,
            tool_calls: [
              {
                id: 'call_fake_sdk-json_1_1',
                type: 'function',
                function: {
                  name: 'get_weather',
                  arguments: '{"city":"Paris","units":["celsius"],"detailed":true}',
                },
              },
              {
                id: 'call_fake_sdk-json_1_2',
                type: 'function',
                function: { name: 'get_time', arguments: '{}' },
              },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 45, total_tokens: 165 },
    });
  });

  it('sends rawInput as arguments that are not valid JSON, streamed and not', async () => {
    const step = { toolCalls: [{ name: 'get_weather', rawInput: '{"city": "Par' }] };
    const client = createClient('sdk-raw', { steps: [step, step] });
    const streamed = await client.chat.completions
      .stream({ model, messages: question })
      .finalChatCompletion();
    expect(streamed.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      function: { name: 'get_weather', arguments: '{"city": "Par' },
    });
    const json = await client.chat.completions.create({ model, messages: question });
    expect(json.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      function: { name: 'get_weather', arguments: '{"city": "Par' },
    });
  });
});

describe('dialects, as the SDK sees them', () => {
  it('ollama: reasoning in "reasoning", every call whole in one chunk, usage in a trailing chunk', async () => {
    const client = createClient('sdk-ollama', { dialect: 'ollama', steps: [toolStep] });
    const stream = await client.chat.completions.create({
      model,
      messages: question,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const toolChunks = chunks.filter((chunk) => chunk.choices[0]?.delta.tool_calls !== undefined);
    expect(toolChunks).toHaveLength(1);
    expect(toolChunks[0]?.choices[0]?.delta.tool_calls).toEqual([
      {
        index: 0,
        id: 'call_fake_sdk-ollama_1_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris","units":["celsius"],"detailed":true}' },
      },
      {
        index: 1,
        id: 'call_fake_sdk-ollama_1_2',
        type: 'function',
        function: { name: 'get_time', arguments: '{}' },
      },
    ]);
    const reasoning = chunks
      .map((chunk) =>
        chunk.choices[0] === undefined ? undefined : readExtraField(chunk.choices[0].delta, 'reasoning'),
      )
      .filter((piece) => typeof piece === 'string')
      .join('');
    expect(reasoning).toBe(toolStep.thinking);
    expect(
      chunks.some(
        (chunk) =>
          chunk.choices[0] !== undefined &&
          readExtraField(chunk.choices[0].delta, 'reasoning_content') !== undefined,
      ),
    ).toBe(false);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 165 } });
  });

  it('deepseek: usage in the finish chunk, even when the request does not ask', async () => {
    const client = createClient('sdk-deepseek', { dialect: 'deepseek', steps: [{ text: 'Hi.' }] });
    const completion = await client.chat.completions
      .stream({ model, messages: question })
      .finalChatCompletion();
    expect(completion.usage).toMatchObject({ prompt_tokens: expect.any(Number) as number });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
  });

  it('quirks: indexes from 1, type and name "" on continuations, "" for no arguments', async () => {
    const client = createClient('sdk-quirks', {
      quirks: {
        toolCallIndexes: 'from-1',
        continuationChunks: 'repeat-type',
        emptyArguments: 'empty-string',
      },
      steps: [{ toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }, { name: 'now' }] }],
    });
    const stream = await client.chat.completions.create({ model, messages: question, stream: true });
    const deltas = [];
    for await (const chunk of stream) deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
    expect(deltas).toEqual([
      {
        index: 1,
        id: 'call_fake_sdk-quirks_1_1',
        type: 'function',
        function: { name: 'read_file', arguments: '' },
      },
      { index: 1, type: 'function', function: { name: '', arguments: '{"path":"a.t' } },
      { index: 1, type: 'function', function: { name: '', arguments: 'xt"}' } },
      {
        index: 2,
        id: 'call_fake_sdk-quirks_1_2',
        type: 'function',
        function: { name: 'now', arguments: '' },
      },
    ]);
  });

  it('quirks: no tool call indexes at all', async () => {
    const client = createClient('sdk-no-index', {
      quirks: { toolCallIndexes: 'absent' },
      steps: [{ toolCalls: [{ name: 'now', input: {} }] }],
    });
    const stream = await client.chat.completions.create({ model, messages: question, stream: true });
    const deltas = [];
    for await (const chunk of stream) deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
    expect(deltas).toEqual([
      { id: 'call_fake_sdk-no-index_1_1', type: 'function', function: { name: 'now', arguments: '' } },
      { function: { arguments: '{}' } },
    ]);
  });
});
