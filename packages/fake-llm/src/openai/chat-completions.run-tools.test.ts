import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExtraField } from '../../test/read-extra-field.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { ChatCompletionsDialect } from './chat-completions-dialect.js';

const fake = createFakeLlm();

const steps = [
  { thinking: 'Paris first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { thinking: 'Now Lyon.', toolCalls: [{ name: 'get_weather', input: { city: 'Lyon' } }] },
  { text: 'Sunny in both.' },
];

/** Runs openai's own tool loop helper over a script in `dialect`; returns the route and the final answer. */
async function runTools(options: { id: string; dialect: ChatCompletionsDialect; stream: boolean }) {
  const route = fake.script(options.id, { name: options.id, dialect: options.dialect, steps });
  const client = new OpenAI({ apiKey: 'test', baseURL: `http://fake-llm.test/script/${options.id}/v1` });
  const tools = [
    {
      type: 'function' as const,
      function: {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
        parse: (input: string) => JSON.parse(input) as { city: string },
        function: ({ city }: { city: string }) => `Sunny in ${city}`,
      },
    },
  ];
  const messages = [{ role: 'user' as const, content: 'Weather in Paris and Lyon?' }];
  const runner = options.stream
    ? client.chat.completions.runTools({ model: 'gpt-4o', messages, tools, stream: true })
    : client.chat.completions.runTools({ model: 'gpt-4o', messages, tools });
  return { route, answer: await runner.finalContent() };
}

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe("openai's runTools against the openai dialect", () => {
  it.each([false, true])('completes a two-round loop with no violation (stream: %s)', async (stream) => {
    const { route, answer } = await runTools({
      id: `run-tools-${String(stream)}`,
      dialect: 'openai',
      stream,
    });
    expect(answer).toBe('Sunny in both.');
    expect(route.violations).toEqual([]);
    expect(route.requests).toHaveLength(3);
  });

  it('sends no reasoning field, as OpenAI chat completions never do', async () => {
    fake.script('openai-no-reasoning', { dialect: 'openai', steps });
    const client = new OpenAI({
      apiKey: 'test',
      baseURL: 'http://fake-llm.test/script/openai-no-reasoning/v1',
    });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    const message = completion.choices[0]?.message ?? {};
    expect([readExtraField(message, 'reasoning_content'), readExtraField(message, 'reasoning')]).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('reasoning sent back with the tool calls', () => {
  it('deepseek: runTools drops it and is reported, as DeepSeek requires it', async () => {
    const { route } = await runTools({ id: 'run-tools-deepseek', dialect: 'deepseek', stream: false });
    expect(route.violations.map((violation) => violation.type)).toEqual([
      'reasoning-not-echoed',
      'reasoning-not-echoed',
      'reasoning-not-echoed',
    ]);
  });

  it('ollama: runTools drops it and completes with no violation, as Ollama requires nothing back', async () => {
    const { route, answer } = await runTools({ id: 'run-tools-ollama', dialect: 'ollama', stream: false });
    expect([answer, route.violations]).toEqual(['Sunny in both.', []]);
  });
});
