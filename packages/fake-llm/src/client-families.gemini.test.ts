import { createGoogleGenerativeAI, type GoogleLanguageModelOptions } from '@ai-sdk/google';
import { GoogleGenAI, type Content } from '@google/genai';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { HumanMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

// The tool loops of Gemini's clients against the served fake, on a Gemini 3 model with thinking: the fake signs
// the call, and refuses the second request unless the call comes back with its signature. No client retries, so
// a refused request fails the test instead of being sent again.
let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const model = 'gemini-3-flash-preview';
const question = 'What is the weather in Paris?';
const answer = 'Sunny in Paris.';
const toolName = 'get_weather';
const toolDescription = 'The weather in a city';
const citySchema = {
  type: 'object' as const,
  properties: { city: { type: 'string' as const } },
  required: ['city'],
};

/** The tool every client runs. */
function getWeather(input: unknown): string {
  const city = (input as { city?: unknown }).city;
  return `Sunny in ${String(city)}.`;
}

/** `@google/genai` by hand: each answer's content goes back as it came, signatures included. */
async function runGoogleGenAiByHand(url: string): Promise<string> {
  const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: url } });
  const contents: Content[] = [{ role: 'user', parts: [{ text: question }] }];
  const ask = () =>
    ai.models.generateContent({
      model,
      contents,
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: toolName, description: toolDescription, parametersJsonSchema: citySchema },
            ],
          },
        ],
        thinkingConfig: { includeThoughts: true },
      },
    });
  let response = await ask();
  while ((response.functionCalls ?? []).length > 0) {
    const content = response.candidates?.[0]?.content;
    if (content !== undefined) contents.push(content);
    contents.push({
      role: 'user',
      parts: (response.functionCalls ?? []).map((call) => ({
        functionResponse: { name: call.name, response: { output: getWeather(call.args) } },
      })),
    });
    response = await ask();
  }
  return response.text ?? '';
}

/** `@ai-sdk/google` with `generateText`, thoughts asked for. */
async function runAiSdkGoogle(url: string): Promise<string> {
  const google = createGoogleGenerativeAI({ apiKey: 'test', baseURL: `${url}/v1beta` });
  const result = await generateText({
    model: google(model),
    prompt: question,
    tools: {
      [toolName]: tool({
        description: toolDescription,
        inputSchema: jsonSchema<{ city: string }>(citySchema),
        execute: (input) => Promise.resolve(getWeather(input)),
      }),
    },
    stopWhen: stepCountIs(5),
    maxRetries: 0,
    providerOptions: {
      google: {
        thinkingConfig: { includeThoughts: true, thinkingLevel: 'low' },
      } satisfies GoogleLanguageModelOptions,
    },
  });
  return result.text;
}

/** LangChain's `ChatGoogleGenerativeAI` with the tool bound, each result a `ToolMessage`. */
async function runLangChain(chat: Runnable<BaseLanguageModelInput, AIMessageChunk>): Promise<string> {
  const messages: BaseMessage[] = [new HumanMessage(question)];
  let reply = await chat.invoke(messages);
  while ((reply.tool_calls ?? []).length > 0) {
    messages.push(reply);
    for (const call of reply.tool_calls ?? []) {
      messages.push(
        new ToolMessage({ tool_call_id: call.id ?? '', name: call.name, content: getWeather(call.args) }),
      );
    }
    reply = await chat.invoke(messages);
  }
  return reply.text;
}

const families: Array<{ name: string; run: (url: string) => Promise<string> }> = [
  { name: '@google/genai generateContent by hand', run: runGoogleGenAiByHand },
  { name: '@ai-sdk/google with generateText', run: runAiSdkGoogle },
  {
    name: "@langchain/google-genai's ChatGoogleGenerativeAI",
    run: (url) =>
      runLangChain(
        new ChatGoogleGenerativeAI({
          model,
          apiKey: 'test',
          baseUrl: url,
          maxRetries: 0,
          thinkingConfig: { includeThoughts: true, thinkingLevel: 'LOW' },
        }).bindTools([
          {
            type: 'function',
            function: { name: toolName, description: toolDescription, parameters: citySchema },
          },
        ]),
      ),
  },
];

describe.each(families.map((family) => [family.name, family] as const))('%s', (_name, family) => {
  it('completes a two-round tool loop with thinking on Gemini 3 against the served fake with no violation', async () => {
    fake = createFakeLlm({
      name: family.name,
      steps: [
        {
          thinking: 'The user wants the weather in Paris, so I call the tool.',
          toolCalls: [{ name: toolName, input: { city: 'Paris' } }],
        },
        { thinking: 'The tool says sunny.', text: answer, expectTools: [toolName] },
      ],
    });
    const server = await fake.serve();
    const text = await family.run(server.url);
    expect([text, fake.requests.length, fake.violations]).toEqual([answer, 2, []]);
    const second = fake.requests[1]?.body as {
      contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    };
    const call = second.contents
      .flatMap((content) => content.parts)
      .find((part) => part.functionCall !== undefined);
    expect(call?.thoughtSignature).toMatch(/^[A-Za-z0-9+/]+=*$/u);
  });
});

describe("@google/genai's streamed chat", () => {
  it('holds a conversation of two messages: each chunk of the first answer goes back as a model content of its own', async () => {
    fake = createFakeLlm({
      steps: [{ text: 'Sunny in Paris, about 24 degrees today.' }, { text: 'Rome is sunny too.' }],
    });
    const { url } = await fake.serve();
    const chat = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: url } }).chats.create({
      model: 'gemini-2.5-flash',
    });
    const answers: string[] = [];
    for (const message of [question, 'And in Rome?']) {
      let text = '';
      for await (const chunk of await chat.sendMessageStream({ message })) text += chunk.text ?? '';
      answers.push(text);
    }

    expect([answers, fake.violations]).toEqual([
      ['Sunny in Paris, about 24 degrees today.', 'Rome is sunny too.'],
      [],
    ]);
    const second = fake.requests[1]?.body as { contents: Array<{ role: string }> };
    // The SDK keeps each streamed chunk as a content: model contents in a row, which the API takes.
    expect(second.contents.filter((content) => content.role === 'model').length).toBeGreaterThan(1);
  });
});
