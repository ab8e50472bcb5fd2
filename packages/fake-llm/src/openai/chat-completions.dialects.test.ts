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
