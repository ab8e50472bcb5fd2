import { createAmazonBedrock, type AmazonBedrockLanguageModelOptions } from '@ai-sdk/amazon-bedrock';
import {
  BedrockRuntimeClient,
  ConverseStreamCommand,
  type ContentBlock,
  type Message,
  type Tool,
} from '@aws-sdk/client-bedrock-runtime';
import { ChatBedrockConverse } from '@langchain/aws';
import { HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';
import type { LlmStep } from './script/llm-step.js';

// The tool loops of Bedrock's clients against the served fake, each with Claude's thinking on, so the fake holds
// every second request to Bedrock's reasoning continuity rule: the model thinks and asks for the weather, the
// client runs the tool and sends the result with the reasoning, the model answers. Credentials are static test
// values (the fake checks that a request is signed, not the signature); no client retries.
let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const model = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const region = 'us-east-1';
const credentials = { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' };
const question = 'What is the weather in Paris?';
const answer = 'Sunny in Paris.';
const toolName = 'get_weather';
const toolDescription = 'The weather in a city';
const citySchema = {
  type: 'object' as const,
  properties: { city: { type: 'string' as const } },
  required: ['city'],
};
const thinking = { type: 'enabled', budget_tokens: 1024 };

const steps: LlmStep[] = [
  {
    thinking: 'The user wants the weather in Paris, so I call the tool.',
    toolCalls: [{ name: toolName, input: { city: 'Paris' } }],
  },
  { text: answer, expectTools: [toolName] },
];

function getWeather(input: unknown): string {
  const city = typeof input === 'object' && input !== null && 'city' in input ? input.city : undefined;
  return `Sunny in ${String(city)}.`;
}

/** `@aws-sdk/client-bedrock-runtime`: ConverseStreamCommand in a loop written by hand, reasoning sent back. */
async function runSdkByHand(url: string): Promise<string> {
  const client = new BedrockRuntimeClient({ region, credentials, endpoint: url, maxAttempts: 1 });
  const tools: Tool[] = [
    { toolSpec: { name: toolName, description: toolDescription, inputSchema: { json: citySchema } } },
  ];
  const messages: Message[] = [{ role: 'user', content: [{ text: question }] }];
  for (let round = 0; round < 5; round += 1) {
    const response = await client.send(
      new ConverseStreamCommand({
        modelId: model,
        messages,
        toolConfig: { tools },
        inferenceConfig: { maxTokens: 2048 },
        additionalModelRequestFields: { thinking },
      }),
    );
    const blocks = new Map<number, ContentBlock>();
    const inputs = new Map<number, string>();
    let stopReason: string | undefined;
    for await (const event of response.stream ?? []) {
      if (event.contentBlockStart?.start?.toolUse !== undefined) {
        const { toolUseId, name } = event.contentBlockStart.start.toolUse;
        blocks.set(event.contentBlockStart.contentBlockIndex ?? 0, {
          toolUse: { toolUseId, name, input: {} },
        });
      }
      const delta = event.contentBlockDelta?.delta;
      const index = event.contentBlockDelta?.contentBlockIndex ?? 0;
      if (delta?.text !== undefined) {
        const text = blocks.get(index)?.text ?? '';
        blocks.set(index, { text: text + delta.text });
      }
      if (delta?.reasoningContent !== undefined) {
        const previous = blocks.get(index)?.reasoningContent?.reasoningText ?? { text: '' };
        blocks.set(index, {
          reasoningContent: {
            reasoningText: {
              text: (previous.text ?? '') + (delta.reasoningContent.text ?? ''),
              signature: delta.reasoningContent.signature ?? previous.signature,
            },
          },
        });
      }
      if (delta?.toolUse !== undefined)
        inputs.set(index, (inputs.get(index) ?? '') + (delta.toolUse.input ?? ''));
      if (event.messageStop !== undefined) stopReason = event.messageStop.stopReason;
    }
    const content = [...blocks.entries()]
      .sort(([left], [right]) => left - right)
      .map(([index, block]): ContentBlock => {
        if (block.toolUse === undefined) return block;
        return {
          toolUse: {
            ...block.toolUse,
            input: JSON.parse(inputs.get(index) || '{}') as Record<string, string>,
          },
        };
      });
    messages.push({ role: 'assistant', content });
    if (stopReason !== 'tool_use') return content.map((block) => block.text ?? '').join('');
    messages.push({
      role: 'user',
      content: content.flatMap((block): ContentBlock[] =>
        block.toolUse === undefined
          ? []
          : [
              {
                toolResult: {
                  toolUseId: block.toolUse.toolUseId,
                  content: [{ text: getWeather(block.toolUse.input) }],
                },
              },
            ],
      ),
    });
  }
  throw new Error('The loop did not end in five rounds.');
}

/** `@ai-sdk/amazon-bedrock` with `generateText`, reasoning on through its provider options. */
async function runAiSdk(url: string): Promise<string> {
  const bedrock = createAmazonBedrock({ region, ...credentials, baseURL: url });
  const result = await generateText({
    model: bedrock(model),
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
      bedrock: {
        reasoningConfig: { type: 'enabled', budgetTokens: 1024 },
      } satisfies AmazonBedrockLanguageModelOptions,
    },
  });
  return result.text;
}

/** `@langchain/aws`'s ChatBedrockConverse with the tool bound, each result a `ToolMessage`. */
async function runLangChain(url: string): Promise<string> {
  const chat = new ChatBedrockConverse({
    model,
    region,
    client: new BedrockRuntimeClient({ region, credentials, endpoint: url, maxAttempts: 1 }),
    maxTokens: 2048,
    additionalModelRequestFields: { thinking },
  }).bindTools([
    { type: 'function', function: { name: toolName, description: toolDescription, parameters: citySchema } },
  ]);
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

const families: Array<{ name: string; run: (url: string) => Promise<string> }> = [
  { name: '@aws-sdk/client-bedrock-runtime ConverseStreamCommand by hand', run: runSdkByHand },
  { name: '@ai-sdk/amazon-bedrock with generateText', run: runAiSdk },
  { name: "@langchain/aws's ChatBedrockConverse", run: runLangChain },
];

describe.each(families.map((family) => [family.name, family] as const))('%s', (_name, family) => {
  it('completes a two-round tool loop with thinking against the served fake with no violation', async () => {
    fake = createFakeLlm({ name: family.name, steps });
    const server = await fake.serve();
    const text = await family.run(server.url);
    expect([text, fake.requests.length, fake.violations]).toEqual([answer, 2, []]);
  });
});
