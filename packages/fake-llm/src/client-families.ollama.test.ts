import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { HumanMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import { ChatOllama } from '@langchain/ollama';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { Ollama, type Message, type Tool } from 'ollama';
import { createOllama } from 'ollama-ai-provider-v2';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

// The tool loops of the clients people point at Ollama's native API (POST /api/chat), each against the served
// fake as against a local Ollama: a thinking model (qwen3) thinks and asks for the weather, the client runs the
// tool and sends the result back, the model answers. Each asks for thinking; the test then reads whether the
// thinking came back with the tool call (Ollama does not refuse a request without it, so the fake records no
// violation for that).
let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const model = 'qwen3:8b';
const question = 'What is the weather in Paris?';
const answer = 'Sunny in Paris.';
const toolName = 'get_weather';
const thinking = 'The user wants the weather in Paris, so I call the tool.';
const citySchema: { type: 'object'; properties: { city: { type: 'string' } }; required: ['city'] } = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};
const ollamaTool: Tool = {
  type: 'function',
  function: { name: toolName, description: 'The weather in a city', parameters: citySchema },
};

function getWeather(input: unknown): string {
  return `Sunny in ${String((input as { city?: unknown }).city)}.`;
}

/** `ollama`: `chat` in a loop written by hand, each reply (thinking and calls) sent back as it came. */
async function runOllamaByHand(url: string): Promise<string> {
  const client = new Ollama({ host: url });
  const messages: Message[] = [{ role: 'user', content: question }];
  const ask = async () =>
    (await client.chat({ model, messages, tools: [ollamaTool], think: true, stream: false })).message;
  let message = await ask();
  while ((message.tool_calls ?? []).length > 0) {
    messages.push(message);
    for (const call of message.tool_calls ?? []) {
      messages.push({
        role: 'tool',
        content: getWeather(call.function.arguments),
        tool_name: call.function.name,
      });
    }
    message = await ask();
  }
  return message.content;
}

/** `ollama-ai-provider-v2` (native /api/chat, for ai 6) with `generateText`, thinking on. */
async function runAiSdk(url: string): Promise<string> {
  const provider = createOllama({ baseURL: `${url}/api` });
  const result = await generateText({
    model: provider(model),
    prompt: question,
    tools: {
      [toolName]: tool({
        description: 'The weather in a city',
        inputSchema: jsonSchema<{ city: string }>(citySchema),
        execute: (input) => Promise.resolve(getWeather(input)),
      }),
    },
    providerOptions: { ollama: { think: true } },
    stopWhen: stepCountIs(5),
    maxRetries: 0,
  });
  return result.text;
}

/** `@langchain/ollama`'s `ChatOllama` with the tool bound, in the loop its documentation shows. */
async function runLangChain(url: string): Promise<string> {
  const chat: Runnable<BaseLanguageModelInput, AIMessageChunk> = new ChatOllama({
    model,
    baseUrl: url,
    think: true,
    maxRetries: 0,
  }).bindTools([ollamaTool]);
  const messages: BaseMessage[] = [new HumanMessage(question)];
  let reply = await chat.invoke(messages);
  while ((reply.tool_calls ?? []).length > 0) {
    messages.push(reply);
    for (const call of reply.tool_calls ?? []) {
      messages.push(new ToolMessage({ tool_call_id: call.id ?? '', content: getWeather(call.args) }));
    }
    reply = await chat.invoke(messages);
  }
  return reply.text;
}

/** One client's loop, and whether it sends the model's thinking back in the assistant message. */
interface OllamaClientFamily {
  name: string;
  /** `@langchain/ollama` 1.3 keeps the thinking out of the history it sends: Ollama takes that too. */
  sendsThinkingBack: boolean;
  run: (url: string) => Promise<string>;
}

const families: OllamaClientFamily[] = [
  {
    name: 'ollama chat by hand (think: true, the reply sent back as it came)',
    sendsThinkingBack: true,
    run: runOllamaByHand,
  },
  { name: 'ollama-ai-provider-v2 with generateText (think: true)', sendsThinkingBack: true, run: runAiSdk },
  { name: "@langchain/ollama's ChatOllama (think: true)", sendsThinkingBack: false, run: runLangChain },
];

describe.each(families.map((family) => [family.name, family] as const))('%s', (_name, family) => {
  it('completes a two-round tool loop with thinking against the served fake, with no violation', async () => {
    fake = createFakeLlm({
      name: family.name,
      steps: [
        { thinking, toolCalls: [{ name: toolName, input: { city: 'Paris' } }] },
        { text: answer, expectTools: [toolName] },
      ],
    });
    const server = await fake.serve();
    const text = await family.run(server.url);
    expect([text, fake.requests.length, fake.violations]).toEqual([answer, 2, []]);
    const second = fake.requests[1]?.body as { think?: unknown; messages: Record<string, unknown>[] };
    expect(second.think).toBe(true);
    const assistant = second.messages.find((message) => message['role'] === 'assistant');
    expect(assistant?.['tool_calls']).toMatchObject([
      { function: { name: toolName, arguments: { city: 'Paris' } } },
    ]);
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool', content: answer });
    expect(assistant?.['thinking']).toBe(family.sendsThinkingBack ? thinking : undefined);
  });
});
