import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createFakeLlm } from '../create-fake-llm.js';
import type { FakeLlmScriptInput } from '../script/fake-llm-script.js';

const thinkingStep = {
  thinking: 'Paris first.',
  toolCalls: [
    { name: 'get_weather', input: { city: 'Paris' } },
    { name: 'get_weather', input: { city: 'Lyon' } },
  ],
};
const question = { role: 'user', content: 'Weather?' };
const toolCalls = [
  {
    id: 'call_fake_default_1_1',
    type: 'function',
    function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
  },
  {
    id: 'call_fake_default_1_2',
    type: 'function',
    function: { name: 'get_weather', arguments: '{"city":"Lyon"}' },
  },
];
const toolResults = [
  { role: 'tool', tool_call_id: 'call_fake_default_1_1', content: 'Sunny' },
  { role: 'tool', tool_call_id: 'call_fake_default_1_2', content: 'Rain' },
];

/** Posts chat completions bodies to a fresh fake, one after the other, and returns the fake and the statuses. */
async function post(options: { script: FakeLlmScriptInput; bodies: unknown[] }) {
  const fake = createFakeLlm(options.script);
  const statuses: number[] = [];
  for (const body of options.bodies) {
    const response = await fake.handle(
      new Request('http://fake-llm.test/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    await response.text();
    statuses.push(response.status);
  }
  return { fake, statuses };
}

function createBody(messages: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'gpt-4o', messages, ...extra };
}

describe('chat completions request checks', () => {
  it('finds a tool call without a tool message, and a tool message for no call', async () => {
    const { fake } = await post({
      script: [thinkingStep, { text: 'Done.' }],
      bodies: [
        createBody([question]),
        createBody([
          question,
          { role: 'assistant', content: null, reasoning_content: 'Paris first.', tool_calls: toolCalls },
          toolResults[0],
          { role: 'tool', tool_call_id: 'call_made_up', content: '?' },
        ]),
      ],
    });
    expect(fake.violations.map(({ type, requestIndex }) => ({ type, requestIndex }))).toEqual([
      { type: 'missing-tool-result', requestIndex: 1 },
      { type: 'unexpected-tool-result', requestIndex: 1 },
    ]);
    expect(fake.violations[0]?.message).toContain("tool call 'call_fake_default_1_2'");
  });

  it('finds reasoning not sent back with the tool calls', async () => {
    const { fake, statuses } = await post({
      script: { dialect: 'deepseek', steps: [thinkingStep, { text: 'Done.' }] },
      bodies: [
        createBody([question]),
        createBody([question, { role: 'assistant', content: null, tool_calls: toolCalls }, ...toolResults]),
      ],
    });
    expect(statuses).toEqual([200, 200]);
    expect(fake.violations).toHaveLength(1);
    expect(fake.violations[0]).toMatchObject({ type: 'reasoning-not-echoed', requestIndex: 1 });
    expect(fake.violations[0]?.message).toContain('has no "reasoning_content"');
  });

  it('finds reasoning sent back changed, or in the field of another dialect', async () => {
    const { fake } = await post({
      script: { dialect: 'deepseek', steps: [thinkingStep, { text: 'Done.' }, { text: 'Again.' }] },
      bodies: [
        createBody([question]),
        createBody([
          question,
          { role: 'assistant', content: null, reasoning_content: 'Lyon first.', tool_calls: toolCalls },
          ...toolResults,
        ]),
        createBody([
          question,
          { role: 'assistant', content: null, reasoning: 'Paris first.', tool_calls: toolCalls },
          ...toolResults,
        ]),
      ],
    });
    expect(fake.violations.map((violation) => violation.type)).toEqual([
      'reasoning-not-echoed',
      'reasoning-not-echoed',
    ]);
    expect(fake.violations[0]?.message).toContain('differs: received "Lyon first."');
    expect(fake.violations[1]?.message).toContain('has no "reasoning_content" (it has "reasoning" instead)');
  });

  it('accepts the reasoning in "reasoning" for the ollama dialect', async () => {
    const { fake } = await post({
      script: { dialect: 'ollama', steps: [thinkingStep, { text: 'Done.' }] },
      bodies: [
        createBody([question]),
        createBody([
          question,
          { role: 'assistant', content: null, reasoning: 'Paris first.', tool_calls: toolCalls },
          ...toolResults,
        ]),
      ],
    });
    expect(fake.violations).toEqual([]);
  });

  it('ollama: reasoning sent back as reasoning_content, or not at all, is no violation', async () => {
    const { fake, statuses } = await post({
      script: { dialect: 'ollama', steps: [thinkingStep, { text: 'Done.' }, { text: 'Again.' }] },
      bodies: [
        createBody([question]),
        createBody([
          question,
          { role: 'assistant', content: null, reasoning_content: 'Paris first.', tool_calls: toolCalls },
          ...toolResults,
        ]),
        createBody([question, { role: 'assistant', content: null, tool_calls: toolCalls }, ...toolResults]),
      ],
    });
    expect([statuses, fake.violations]).toEqual([[200, 200, 200], []]);
  });

  it('checks the offered tools against expectTools', async () => {
    const tool = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } };
    const { fake } = await post({
      script: [
        { text: 'a', expectTools: ['get_weather'] },
        { text: 'b', expectTools: false },
      ],
      bodies: [createBody([question], { tools: [tool] }), createBody([question], { tools: [tool] })],
    });
    expect(fake.violations.map(({ type, requestIndex }) => ({ type, requestIndex }))).toEqual([
      { type: 'unexpected-tools', requestIndex: 1 },
    ]);
  });

  it('answers a body without messages as OpenAI does, naming the field and the rule', async () => {
    const { fake, statuses } = await post({ script: [{ text: 'a' }], bodies: [{ model: 'gpt-4o' }] });
    expect(statuses).toEqual([400]);
    expect(fake.violations[0]).toMatchObject({ type: 'invalid-request', requestIndex: 0 });
    expect(fake.violations[0]?.message).toContain('fake LLM rule chat-completions/definition');
    expect(fake.violations[0]?.message).toContain("Missing required parameter: 'messages'.");
  });

  it('answers a body that is not a chat completions request with a 400 in the other dialects', async () => {
    const { fake, statuses } = await post({
      script: { dialect: 'deepseek', steps: [{ text: 'a' }] },
      bodies: [{ model: 'deepseek-chat' }],
    });
    expect(statuses).toEqual([400]);
    expect(fake.violations[0]).toMatchObject({ type: 'invalid-request', requestIndex: 0 });
    expect(fake.violations[0]?.message).toContain('not a chat completions request');
  });

  it('finds nothing wrong in an SDK conversation that echoes the reasoning and answers every call', async () => {
    const fake = createFakeLlm([thinkingStep, { text: 'Sunny in Paris, rain in Lyon.', expectTools: true }]);
    const client = new OpenAI({
      apiKey: 'test',
      baseURL: 'http://fake-llm.test/v1',
      fetch: (input, init) => fake.handle(new Request(input, init)),
    });
    const tools = [
      { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object' } } },
    ];
    const first = await client.chat.completions.create({
      model: 'gpt-4o',
      tools,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    const message = first.choices[0]?.message;
    expect(message?.tool_calls).toHaveLength(2);
    const second = await client.chat.completions.create({
      model: 'gpt-4o',
      tools,
      messages: [
        { role: 'user', content: 'Weather?' },
        { ...message, role: 'assistant' },
        ...(message?.tool_calls ?? []).map((call) => ({
          role: 'tool' as const,
          tool_call_id: call.id,
          content: 'ok',
        })),
      ],
    });
    expect(second.choices[0]?.message.content).toBe('Sunny in Paris, rain in Lyon.');
    expect(fake.violations).toEqual([]);
  });
});
