import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from './create-fake-llm.js';

const fake = createFakeLlm();
const toolsMessage = 'Requests which include `tool_use` or `tool_result` blocks must define tools.';

const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};

/** A finished tool round, as the loop's last request after a round cap carries it. */
const toolHistory: Anthropic.MessageParam[] = [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
  },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' }] },
];

function createClient(scriptId: string): Anthropic {
  return new Anthropic({ apiKey: 'test', baseURL: `http://fake-llm.test/script/${scriptId}` });
}

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe('tool_use and tool_result blocks need tool definitions (Messages API)', () => {
  it('refuses the final request that dropped its tools with the API 400, and takes no step', async () => {
    const route = fake.script('no-tools', [{ text: 'Sunny in Paris.' }]);
    const client = createClient('no-tools');
    const error: unknown = await client.messages
      .create({ model: 'claude-sonnet-4-6', max_tokens: 256, messages: toolHistory })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const refused = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect([refused.status, refused.type, refused.apiMessage?.startsWith(toolsMessage)]).toEqual([
      400,
      'invalid_request_error',
      true,
    ]);
    expect(route.violations.map((violation) => violation.type)).toEqual(['invalid-request']);
    expect(route.remainingSteps).toBe(1);
  });

  it('refuses a tool_result even when the request sends an empty tool list', async () => {
    fake.script('empty-tools', [{ text: 'Sunny in Paris.' }]);
    const error: unknown = await createClient('empty-tools')
      .messages.create({ model: 'claude-sonnet-4-6', max_tokens: 256, tools: [], messages: toolHistory })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(400);
  });

  it("answers the same history when it keeps the tools with tool_choice 'none'", async () => {
    const route = fake.script('tool-choice-none', [
      { text: 'Sunny in Paris.', expectTools: ['get_weather'] },
    ]);
    const message = await createClient('tool-choice-none').messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      tools: [weatherTool],
      tool_choice: { type: 'none' },
      messages: toolHistory,
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Sunny in Paris.' }]);
    expect(route.violations).toEqual([]);
  });
});

describe('tool_use ids are unique across the conversation (Messages API)', () => {
  it('refuses a tool_use whose id an earlier one has, naming it as the API does, and takes no step', async () => {
    const route = fake.script('duplicate-id', [{ text: 'Sunny in both.' }]);
    const error: unknown = await createClient('duplicate-id')
      .messages.create({
        model: 'claude-sonnet-4-6',
        max_tokens: 256,
        tools: [weatherTool],
        messages: [
          ...toolHistory,
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'And Rome.' },
              { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Rome' } },
            ],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Warm' }] },
        ],
      })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const refused = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect([refused.status, refused.type, refused.apiMessage]).toEqual([
      400,
      'invalid_request_error',
      'messages.3.content.1: `tool_use` ids must be unique',
    ]);
    expect(route.remainingSteps).toBe(1);
  });
});

describe('every message has content, but a final assistant one (Messages API)', () => {
  it('refuses an empty message before the last, naming it as the API does, and takes no step', async () => {
    const route = fake.script('empty-message', [{ text: 'Buds on every branch.' }]);
    const refused = async (messages: Anthropic.MessageParam[]) => {
      const error: unknown = await createClient('empty-message')
        .messages.create({ model: 'claude-sonnet-4-6', max_tokens: 256, messages })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      const { status, type, apiMessage } = error as InstanceType<typeof Anthropic.BadRequestError>;
      return [status, type, apiMessage];
    };

    expect(
      await refused([
        { role: 'user', content: 'Write me something hurtful.' },
        { role: 'assistant', content: [] },
        { role: 'user', content: 'Then a poem about spring.' },
      ]),
    ).toEqual([
      400,
      'invalid_request_error',
      'messages.1: all messages must have non-empty content except for the optional final assistant message',
    ]);
    expect((await refused([{ role: 'user', content: '' }]))[2]).toBe(
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    );
    expect(route.remainingSteps).toBe(1);
  });

  it('takes an empty final assistant message, a prefill', async () => {
    const route = fake.script('empty-prefill', [{ text: 'Buds on every branch.' }]);
    const message = await createClient('empty-prefill').messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      messages: [
        { role: 'user', content: 'A poem about spring.' },
        { role: 'assistant', content: [] },
      ],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Buds on every branch.' }]);
    expect(route.remainingSteps).toBe(0);
  });
});

describe('tool messages without tool definitions (chat completions)', () => {
  it('answers them, as OpenAI does', async () => {
    const route = fake.script('chat-no-tools', [{ text: 'Sunny in Paris.' }]);
    const client = new OpenAI({ apiKey: 'test', baseURL: 'http://fake-llm.test/script/chat-no-tools/v1' });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe('Sunny in Paris.');
    expect(route.violations).toEqual([]);
  });
});
