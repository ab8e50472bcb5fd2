import { createOpenAI } from '@ai-sdk/openai';
import { HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

// Tool loops of clients nobody here wrote, over the fake's HTTP server in the openai dialect.
let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const steps: LlmStep[] = [
  { thinking: 'Paris first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { thinking: 'Now Lyon.', toolCalls: [{ name: 'get_weather', input: { city: 'Lyon' } }] },
  { text: 'Sunny in both.', expectTools: ['get_weather'] },
];
const question = 'Weather in Paris and Lyon?';
const citySchema: { type: 'object'; properties: Record<string, { type: 'string' }>; required: string[] } = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

async function start(): Promise<{ fake: FakeLlm; baseURL: string }> {
  fake = createFakeLlm({ name: 'client loop', dialect: 'openai', steps });
  const server = await fake.serve();
  return { fake, baseURL: `${server.url}/v1` };
}

describe("@ai-sdk/openai's .chat() model", () => {
  const weather = tool({
    description: 'Weather for a city',
    inputSchema: jsonSchema<{ city: string }>(citySchema),
    execute: ({ city }) => Promise.resolve(`Sunny in ${city}`),
  });

  it('completes a two-round loop with generateText and no violation', async () => {
    const { fake, baseURL } = await start();
    const model = createOpenAI({ apiKey: 'test', baseURL }).chat('gpt-4o');
    const result = await generateText({
      model,
      prompt: question,
      tools: { get_weather: weather },
      stopWhen: stepCountIs(5),
    });
    expect([result.text, result.steps.length, fake.violations]).toEqual(['Sunny in both.', 3, []]);
  });

  it('completes a two-round loop with streamText and no violation', async () => {
    const { fake, baseURL } = await start();
    const model = createOpenAI({ apiKey: 'test', baseURL }).chat('gpt-4o');
    const result = streamText({
      model,
      prompt: question,
      tools: { get_weather: weather },
      stopWhen: stepCountIs(5),
    });
    expect([await result.text, fake.violations]).toEqual(['Sunny in both.', []]);
  });
});

describe("LangChain's ChatOpenAI", () => {
  it('completes a two-round tool loop with no violation', async () => {
    const { fake, baseURL } = await start();
    const model = new ChatOpenAI({
      model: 'gpt-4o',
      apiKey: 'test',
      maxRetries: 0,
      configuration: { baseURL },
    }).bindTools([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Weather for a city', parameters: citySchema },
      },
    ]);
    const messages: BaseMessage[] = [new HumanMessage(question)];
    let reply = await model.invoke(messages);
    while ((reply.tool_calls ?? []).length > 0) {
      messages.push(reply);
      for (const call of reply.tool_calls ?? []) {
        const city = String((call.args as { city?: unknown }).city);
        messages.push(new ToolMessage({ tool_call_id: call.id ?? '', content: `Sunny in ${city}` }));
      }
      reply = await model.invoke(messages);
    }
    expect([reply.content, fake.requests.length, fake.violations]).toEqual(['Sunny in both.', 3, []]);
  });
});
