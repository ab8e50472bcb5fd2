import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExtraField } from '../../test/read-extra-field.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { FakeLlmScript } from '../script/fake-llm-script.js';
import type { LlmStep } from '../script/llm-step.js';

const fake = createFakeLlm();
const model = 'gpt-4o';
const question = [{ role: 'user' as const, content: 'Weather in Paris?' }];

/** Registers a script and returns an SDK client whose requests go to it. */
function createClient(
  id: string,
  script: Omit<FakeLlmScript, 'steps'> & { steps: LlmStep[] },
  options: { maxRetries?: number } = {},
): OpenAI {
  fake.script(id, script);
  return new OpenAI({ apiKey: 'test', baseURL: `http://fake-llm.test/script/${id}/v1`, ...options });
}

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

/** The `openai` dialect sends no reasoning (OpenAI's chat completions have none); these tests read it. */
const reasoningContent = { reasoningField: 'reasoning_content' } as const;

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
    const client = createClient('sdk-create', { steps: [toolStep], quirks: reasoningContent });
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
    expect(usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 45,
      total_tokens: 165,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    });
    expect(fake.getScript('sdk-create').streams[0]).toMatchObject({
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
    const client = createClient('sdk-json', { steps: [toolStep], quirks: reasoningContent });
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
      usage: {
        prompt_tokens: 120,
        completion_tokens: 45,
        total_tokens: 165,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      },
    });
  });

  it("counts a step's cache reads and writes in prompt_tokens and says how many in prompt_tokens_details, streamed and not", async () => {
    const usage = { inputTokens: 120, outputTokens: 45, cacheReadTokens: 300, cacheWriteTokens: 40 };
    const client = createClient('sdk-cached', {
      steps: [
        { text: 'Sunny.', usage },
        { text: 'Sunny.', usage },
        { text: 'Sunny.', usage: { inputTokens: 120, outputTokens: 45, cacheReadTokens: 300 } },
      ],
    });
    const wire = {
      prompt_tokens: 460,
      completion_tokens: 45,
      total_tokens: 505,
      prompt_tokens_details: { cached_tokens: 300, audio_tokens: 0, cache_write_tokens: 40 },
    };
    const streamed = await client.chat.completions
      .stream({ model, messages: question, stream_options: { include_usage: true } })
      .finalChatCompletion();
    expect(streamed.usage).toEqual(wire);
    expect((await client.chat.completions.create({ model, messages: question })).usage).toEqual(wire);
    // Without a write count there is no cache_write_tokens.
    expect((await client.chat.completions.create({ model, messages: question })).usage).toEqual({
      prompt_tokens: 420,
      completion_tokens: 45,
      total_tokens: 465,
      prompt_tokens_details: { cached_tokens: 300, audio_tokens: 0 },
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
