import { createAnthropic, type AnthropicLanguageModelOptions } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import Anthropic from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { HumanMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';
import type { ChatCompletionsDialect } from './openai/chat-completions-dialect.js';
import type { LlmStep } from './script/llm-step.js';

// The tool loops of the clients people point at the fake, each over its served HTTP port as over the real API:
// the model asks for the weather, the client runs the tool and sends the result, the model answers. Each client
// gets no retries, so a request the fake refuses fails the test instead of being sent again.
let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const question = 'What is the weather in Paris?';
const answer = 'Sunny in Paris.';
const toolName = 'get_weather';
const toolDescription = 'The weather in a city';
const citySchema: { type: 'object'; properties: { city: { type: 'string' } }; required: ['city'] } = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

/** The tool every client runs. */
function getWeather(input: unknown): string {
  const city = (input as { city?: unknown }).city;
  return `Sunny in ${String(city)}.`;
}

/** The script: a tool call (after some thinking, for a client that asks for it), then the answer. */
function createSteps(options: { thinking: boolean }): LlmStep[] {
  return [
    {
      ...(options.thinking ? { thinking: 'The user wants the weather in Paris, so I call the tool.' } : {}),
      toolCalls: [{ name: toolName, input: { city: 'Paris' } }],
    },
    { text: answer, expectTools: [toolName] },
  ];
}

const anthropicTool: Anthropic.Tool = {
  name: toolName,
  description: toolDescription,
  input_schema: citySchema,
};
const openAiTool: OpenAI.ChatCompletionFunctionTool = {
  type: 'function',
  function: { name: toolName, description: toolDescription, parameters: citySchema },
};
const aiSdkTool = tool({
  description: toolDescription,
  inputSchema: jsonSchema<{ city: string }>(citySchema),
  execute: (input) => Promise.resolve(getWeather(input)),
});

/** `@anthropic-ai/sdk`: `messages.create` in a loop written by hand, the thinking sent back with each turn. */
async function runAnthropicByHand(url: string): Promise<string> {
  const client = new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: question }];
  const ask = () =>
    client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 2048,
      thinking: { type: 'adaptive' },
      tools: [anthropicTool],
      messages,
    });
  let reply = await ask();
  while (reply.stop_reason === 'tool_use') {
    messages.push({ role: 'assistant', content: reply.content });
    const results: Anthropic.ToolResultBlockParam[] = reply.content
      .filter((block) => block.type === 'tool_use')
      .map((block) => ({ type: 'tool_result', tool_use_id: block.id, content: getWeather(block.input) }));
    messages.push({ role: 'user', content: results });
    reply = await ask();
  }
  return reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** `@anthropic-ai/sdk`: the SDK's own tool runner, with its default options (a message thread). */
async function runAnthropicToolRunner(url: string): Promise<string> {
  const client = new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
  const runner = client.beta.messages.toolRunner({
    model: 'claude-sonnet-4-6',
    max_tokens: 2048,
    thinking: { type: 'adaptive' },
    tools: [
      betaTool({ name: toolName, description: toolDescription, inputSchema: citySchema, run: getWeather }),
    ],
    messages: [{ role: 'user', content: question }],
  });
  const final = await runner.runUntilDone();
  return final.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** `openai`: `chat.completions.create` in a loop written by hand, each reply sent back as it came. */
async function runOpenAiByHand(url: string): Promise<string> {
  const client = new OpenAI({ apiKey: 'test', baseURL: `${url}/v1`, maxRetries: 0 });
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: question }];
  const ask = async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      tools: [openAiTool],
      messages,
    });
    const message = completion.choices[0]?.message;
    if (message === undefined) throw new Error('The chat completion has no choice.');
    return message;
  };
  let message = await ask();
  while ((message.tool_calls ?? []).length > 0) {
    messages.push(message);
    for (const call of message.tool_calls ?? []) {
      if (call.type !== 'function') continue;
      const content = getWeather(JSON.parse(call.function.arguments));
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
    message = await ask();
  }
  return message.content ?? '';
}

/**
 * `openai`: `responses.create` in a loop written by hand, stateless (`store: false`): each round sends the whole
 * conversation back, the reasoning items with their `encrypted_content` as they came.
 */
async function runOpenAiResponsesByHand(url: string): Promise<string> {
  const client = new OpenAI({ apiKey: 'test', baseURL: `${url}/v1`, maxRetries: 0 });
  const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: question }];
  const ask = () =>
    client.responses.create({
      model: 'gpt-5',
      tools: [
        {
          type: 'function',
          name: toolName,
          description: toolDescription,
          parameters: citySchema,
          strict: false,
        },
      ],
      input,
      store: false,
      include: ['reasoning.encrypted_content'],
    });
  let response = await ask();
  const calls = () => response.output.filter((item) => item.type === 'function_call');
  while (calls().length > 0) {
    // The reasoning items and the calls, as they came (the SDK types other output items apart from input).
    input.push(
      ...response.output.filter((item) => item.type === 'reasoning' || item.type === 'function_call'),
    );
    for (const call of calls()) {
      input.push({
        type: 'function_call_output',
        call_id: call.call_id,
        output: getWeather(JSON.parse(call.arguments)),
      });
    }
    response = await ask();
  }
  return response.output_text;
}

/** The AI SDK's `generateText` with the weather tool, as many steps as the model asks for. */
async function runGenerateText(options: {
  model: LanguageModel;
  providerOptions?: Parameters<typeof generateText>[0]['providerOptions'];
}): Promise<string> {
  const result = await generateText({
    model: options.model,
    prompt: question,
    tools: { [toolName]: aiSdkTool },
    stopWhen: stepCountIs(5),
    maxRetries: 0,
    ...(options.providerOptions === undefined ? {} : { providerOptions: options.providerOptions }),
  });
  return result.text;
}

/** `@ai-sdk/openai-compatible`'s chat model for a server it knows only by its URL, as for Ollama or vLLM. */
function openAiCompatibleModel(options: { url: string; provider: string; model: string }): LanguageModel {
  const provider = createOpenAICompatible({
    name: options.provider,
    apiKey: 'test',
    baseURL: `${options.url}/v1`,
  });
  return provider.chatModel(options.model);
}

/** A LangChain chat model with the tool bound, in the loop its documentation shows: each result a `ToolMessage`. */
async function runLangChain(model: Runnable<BaseLanguageModelInput, AIMessageChunk>): Promise<string> {
  const messages: BaseMessage[] = [new HumanMessage(question)];
  let reply = await model.invoke(messages);
  while ((reply.tool_calls ?? []).length > 0) {
    messages.push(reply);
    for (const call of reply.tool_calls ?? []) {
      messages.push(new ToolMessage({ tool_call_id: call.id ?? '', content: getWeather(call.args) }));
    }
    reply = await model.invoke(messages);
  }
  return reply.text;
}

/** One client's tool loop: the script it runs against, and the loop, which returns the final answer's text. */
interface ClientFamily {
  name: string;
  /** Whether the client asks for thinking, so the script thinks and the fake checks that it comes back. */
  thinking: boolean;
  /** Chat completions only: the server the fake plays. */
  dialect?: ChatCompletionsDialect;
  run: (url: string) => Promise<string>;
}

const families: ClientFamily[] = [
  { name: '@anthropic-ai/sdk messages.create by hand', thinking: true, run: runAnthropicByHand },
  { name: '@anthropic-ai/sdk beta.messages.toolRunner', thinking: true, run: runAnthropicToolRunner },
  { name: 'openai chat.completions.create by hand', thinking: false, run: runOpenAiByHand },
  {
    name: 'openai responses.create by hand (store: false, reasoning sent back)',
    thinking: true,
    run: runOpenAiResponsesByHand,
  },
  {
    name: '@ai-sdk/anthropic with generateText',
    thinking: true,
    run: (url) =>
      runGenerateText({
        model: createAnthropic({ apiKey: 'test', baseURL: `${url}/v1` })('claude-haiku-4-5'),
        providerOptions: {
          anthropic: {
            thinking: { type: 'enabled', budgetTokens: 1024 },
          } satisfies AnthropicLanguageModelOptions,
        },
      }),
  },
  {
    name: "@ai-sdk/openai's .chat() with generateText",
    thinking: false,
    run: (url) =>
      runGenerateText({ model: createOpenAI({ apiKey: 'test', baseURL: `${url}/v1` }).chat('gpt-4o') }),
  },
  {
    name: "@ai-sdk/openai's default model (the Responses API) with generateText",
    thinking: true,
    run: (url) => runGenerateText({ model: createOpenAI({ apiKey: 'test', baseURL: `${url}/v1` })('gpt-5') }),
  },
  {
    name: '@ai-sdk/openai-compatible with generateText, against OpenAI',
    thinking: false,
    dialect: 'openai',
    run: (url) =>
      runGenerateText({ model: openAiCompatibleModel({ url, provider: 'openai', model: 'gpt-4o' }) }),
  },
  {
    name: '@ai-sdk/openai-compatible with generateText, against Ollama (reasoning sent back)',
    thinking: true,
    dialect: 'ollama',
    run: (url) =>
      runGenerateText({ model: openAiCompatibleModel({ url, provider: 'ollama', model: 'qwen3:8b' }) }),
  },
  {
    name: "@langchain/anthropic's ChatAnthropic",
    thinking: true,
    run: (url) =>
      runLangChain(
        new ChatAnthropic({
          model: 'claude-sonnet-4-5',
          apiKey: 'test',
          anthropicApiUrl: url,
          maxRetries: 0,
          maxTokens: 2048,
          thinking: { type: 'enabled', budget_tokens: 1024 },
        }).bindTools([openAiTool]),
      ),
  },
  {
    name: "@langchain/openai's ChatOpenAI",
    thinking: false,
    run: (url) =>
      runLangChain(
        new ChatOpenAI({
          model: 'gpt-4o',
          apiKey: 'test',
          maxRetries: 0,
          configuration: { baseURL: `${url}/v1` },
        }).bindTools([openAiTool]),
      ),
  },
];

describe.each(families.map((family) => [family.name, family] as const))('%s', (_name, family) => {
  it('completes a two-round tool loop against the served fake with no violation', async () => {
    fake = createFakeLlm({
      name: family.name,
      ...(family.dialect === undefined ? {} : { dialect: family.dialect }),
      steps: createSteps({ thinking: family.thinking }),
    });
    const server = await fake.serve();
    const text = await family.run(server.url);
    expect([text, fake.requests.length, fake.violations]).toEqual([answer, 2, []]);
  });
});
