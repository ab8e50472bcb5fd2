import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from './create-fake-llm.js';
import type { FakeLlmScriptInput } from './script/fake-llm-script.js';

// The rules the fake reports as violations while it still answers, each broken once through the real SDK.
const fake = createFakeLlm();

const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};
const question: Anthropic.MessageParam = { role: 'user', content: 'Weather in Paris?' };
const toolStep = { thinking: 'Paris.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] };

/** Sends a first request, then a second with the history `second` makes from the first reply's content. */
async function askTwice(options: {
  id: string;
  second: (content: Anthropic.ContentBlockParam[]) => Anthropic.MessageParam[];
}) {
  const route = fake.script(options.id, [toolStep, { text: 'Sunny.' }]);
  const client = new Anthropic({ apiKey: 'test', baseURL: `http://fake-llm.test/script/${options.id}` });
  const create = (messages: Anthropic.MessageParam[]) =>
    client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 512, tools: [weatherTool], messages });
  const first = await create([question]);
  const second = await create(options.second(first.content));
  return { route, second };
}

function toolUseId(content: Anthropic.ContentBlockParam[]): string {
  const block = content.find((candidate) => candidate.type === 'tool_use');
  return block?.type === 'tool_use' ? block.id : '';
}

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe('Messages API rules the fake reports, through @anthropic-ai/sdk', () => {
  it('missing-tool-result: a tool_use not answered in the next user message', async () => {
    const { route, second } = await askTwice({
      id: 'missing-result',
      second: (content) => [question, { role: 'assistant', content }, { role: 'user', content: 'Well?' }],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
    expect(route.violations.map((violation) => [violation.type, violation.message])).toEqual([
      [
        'missing-tool-result',
        "Fake LLM script 'missing-result', request 2: messages[1] has a tool_use 'toolu_fake_missing-result_1_1' with no tool_result in the next user message (messages[2]).",
      ],
    ]);
  });

  it('unexpected-tool-result: a tool_result for no tool_use of the message before', async () => {
    const { route } = await askTwice({
      id: 'unexpected-result',
      second: (content) => [
        question,
        { role: 'assistant', content },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: toolUseId(content), content: 'Sunny' },
            { type: 'tool_result', tool_use_id: 'toolu_other', content: 'Rain' },
          ],
        },
      ],
    });
    expect(route.violations.map((violation) => violation.type)).toEqual(['unexpected-tool-result']);
  });

  it('thinking-changed: the current tool-use cycle without its thinking', async () => {
    const { route } = await askTwice({
      id: 'thinking-dropped',
      second: (content) => [
        question,
        { role: 'assistant', content: content.filter((block) => block.type !== 'thinking') },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: toolUseId(content), content: 'Sunny' }],
        },
      ],
    });
    expect(route.violations.map((violation) => violation.type)).toEqual(['thinking-changed']);
    expect(route.violations[0]?.message).toContain('received none');
  });

  it('unexpected-tools: tools other than the step expects', async () => {
    const route = fake.script('expect-none', [{ text: 'Done.', expectTools: false }]);
    const client = new Anthropic({ apiKey: 'test', baseURL: 'http://fake-llm.test/script/expect-none' });
    await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 64,
      tools: [weatherTool],
      messages: [question],
    });
    expect(route.violations.map((violation) => violation.message)).toEqual([
      "Fake LLM script 'expect-none', request 1: The step expects no tools, but the request offered get_weather.",
    ]);
  });
});

describe('chat completions rules the fake reports, through openai', () => {
  const chatQuestion = { role: 'user' as const, content: 'Weather in Paris?' };
  const chatTool = {
    type: 'function' as const,
    function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
  };

  /** Sends a first request, then a second with the history `second` makes from the first reply. */
  async function askTwice(options: {
    id: string;
    script: FakeLlmScriptInput;
    second: (message: OpenAI.ChatCompletionMessage) => OpenAI.ChatCompletionMessageParam[];
  }) {
    const route = fake.script(options.id, options.script);
    const client = new OpenAI({ apiKey: 'test', baseURL: `http://fake-llm.test/script/${options.id}/v1` });
    const create = (messages: OpenAI.ChatCompletionMessageParam[]) =>
      client.chat.completions.create({ model: 'gpt-4o', tools: [chatTool], messages });
    const first = await create([chatQuestion]);
    const message = first.choices[0]?.message;
    if (message === undefined) throw new Error('The fake sent no message.');
    await create(options.second(message));
    return route;
  }

  const callIdOf = (message: OpenAI.ChatCompletionMessage) => message.tool_calls?.[0]?.id ?? '';
  const withoutReasoning = (message: OpenAI.ChatCompletionMessage): OpenAI.ChatCompletionMessageParam => ({
    role: 'assistant',
    content: message.content,
    ...(message.tool_calls === undefined ? {} : { tool_calls: message.tool_calls }),
  });

  it('missing-tool-result and unexpected-tool-result: tool messages that do not match the calls', async () => {
    const route = await askTwice({
      id: 'chat-tool-messages',
      script: [toolStep, { text: 'Sunny.' }],
      second: (message) => [
        chatQuestion,
        withoutReasoning(message),
        { role: 'tool', tool_call_id: 'call_other', content: 'Rain' },
      ],
    });
    expect(route.violations.map((violation) => violation.type)).toEqual([
      'missing-tool-result',
      'unexpected-tool-result',
    ]);
  });

  it('reasoning-not-echoed (deepseek dialect): the tool call message without its reasoning_content', async () => {
    const route = await askTwice({
      id: 'chat-reasoning',
      script: { dialect: 'deepseek', steps: [toolStep, { text: 'Sunny.' }] },
      second: (message) => [
        chatQuestion,
        withoutReasoning(message),
        { role: 'tool', tool_call_id: callIdOf(message), content: 'Sunny' },
      ],
    });
    expect(route.violations.map((violation) => violation.type)).toEqual(['reasoning-not-echoed']);
    expect(route.violations[0]?.message).toContain('has no "reasoning_content"');
  });
});
