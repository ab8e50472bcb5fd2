import { describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

const messagesUrl = 'http://fake-llm.test/v1/messages';
const ephemeral = { type: 'ephemeral' };
// About 2000 of the fake's estimated tokens: past its default minimum of 1024.
const longSystem = 'You answer questions about the employee handbook, citing its sections. '.repeat(110);
const tools = [{ name: 'search', input_schema: { type: 'object' }, cache_control: ephemeral }];

interface UsageBody {
  usage: { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number };
}

async function send(fake: FakeLlm, body: Record<string, unknown>) {
  const response = await fake.handle(
    new Request(messagesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-sonnet-4-6', max_tokens: 256, ...body }),
    }),
  );
  return { status: response.status, body: (await response.json()) as UsageBody & Record<string, unknown> };
}

/** A Messages API stream event, with the fields that carry usage. */
interface StreamEvent {
  type: string;
  message?: { usage: unknown };
  usage?: unknown;
}

function usageOf(body: UsageBody) {
  const { input_tokens, cache_read_input_tokens, cache_creation_input_tokens } = body.usage;
  return { input: input_tokens, read: cache_read_input_tokens, write: cache_creation_input_tokens };
}

const question = { role: 'user', content: [{ type: 'text', text: 'How many days of leave?' }] };
const toolCall = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'toolu_1', name: 'search', input: { query: 'leave' } }],
};
const toolResult = (marked: boolean) => ({
  role: 'user',
  content: [
    {
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'Section 4: 25 days of leave a year.',
      ...(marked ? { cache_control: ephemeral } : {}),
    },
  ],
});

describe('the fake LLM refuses cache_control the Messages API refuses', () => {
  it.each([
    [
      'more than four breakpoints',
      {
        tools,
        system: [{ type: 'text', text: 'Be brief.', cache_control: ephemeral }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'One.', cache_control: ephemeral }] },
          { role: 'assistant', content: [{ type: 'text', text: 'Two.', cache_control: ephemeral }] },
          { role: 'user', content: [{ type: 'text', text: 'Three.', cache_control: ephemeral }] },
        ],
      },
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    ],
    [
      'a breakpoint on a thinking block',
      {
        messages: [
          { role: 'user', content: 'Think.' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'Hmm.', signature: 'sig', cache_control: ephemeral },
              { type: 'text', text: 'Done.' },
            ],
          },
          { role: 'user', content: 'Again.' },
        ],
      },
      'messages.1.content.0.thinking.cache_control: Extra inputs are not permitted',
    ],
    [
      'a breakpoint on a redacted thinking block',
      {
        messages: [
          { role: 'user', content: 'Think.' },
          {
            role: 'assistant',
            content: [{ type: 'redacted_thinking', data: 'opaque', cache_control: ephemeral }],
          },
          { role: 'user', content: 'Again.' },
        ],
      },
      'messages.1.content.0.redacted_thinking.cache_control: Extra inputs are not permitted',
    ],
    [
      'a ttl other than 5m and 1h',
      {
        system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral', ttl: '10m' } }],
        messages: [{ role: 'user', content: 'Hi' }],
      },
      "system.0.cache_control.ephemeral.ttl: Input should be '5m' or '1h'",
    ],
    [
      'a type other than ephemeral',
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: { type: 'persistent' } }] },
        ],
      },
      "messages.0.content.0.text.cache_control: Input tag 'persistent' found using 'type' does not match any of the expected tags: 'ephemeral'",
    ],
    [
      'a breakpoint on an empty text block',
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Hi' },
              { type: 'text', text: '', cache_control: ephemeral },
            ],
          },
        ],
      },
      'messages.0.content.1.text: cache_control cannot be set for empty text blocks',
    ],
  ])('%s: a 400 invalid_request_error, and no step taken', async (_case, body, message) => {
    const fake = createFakeLlm([{ text: 'Answered.' }]);
    const refused = await send(fake, body);
    expect(refused).toEqual({
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message } },
    });
    expect(fake.violations.map(({ type, message: text }) => ({ type, text }))).toEqual([
      {
        type: 'invalid-request',
        text: expect.stringMatching(
          /^The real API refuses this request \(fake LLM rule messages\/cache-control\): /u,
        ) as string,
      },
    ]);
    expect(fake.violations[0]?.message.endsWith(`): ${message}`)).toBe(true);
    expect(fake.getScript('default').remainingSteps).toBe(1);
  });
});

describe('the fake LLM’s prompt cache', () => {
  it('writes the prefix up to a breakpoint, and the next request reads it and writes only what it adds', async () => {
    const fake = createFakeLlm([
      { toolCalls: [{ name: 'search', input: { query: 'leave' } }] },
      { text: '25.' },
    ]);
    const system = [{ type: 'text', text: longSystem, cache_control: ephemeral }];
    const first = usageOf(
      (
        await send(fake, {
          tools,
          system,
          messages: [{ ...question, content: [{ ...question.content[0], cache_control: ephemeral }] }],
        })
      ).body,
    );
    const second = usageOf(
      (await send(fake, { tools, system, messages: [question, toolCall, toolResult(true)] })).body,
    );

    expect(first.read).toBe(0);
    expect(first.write).toBeGreaterThan(1024);
    // The question's breakpoint moved on to the tool result; the prefix it ended is still read.
    expect(second.read).toBe(first.write);
    expect(second.write).toBeGreaterThan(0);
    expect(second.read / (second.read + second.write + second.input)).toBeGreaterThan(0.9);
  });

  it('reads a repeated prompt whole, and nothing when the system prompt before the breakpoint changed', async () => {
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }]);
    const body = {
      system: [{ type: 'text', text: longSystem, cache_control: ephemeral }],
      messages: [question],
    };
    const first = usageOf((await send(fake, body)).body);
    const again = usageOf((await send(fake, body)).body);
    const changed = usageOf(
      (await send(fake, { ...body, system: [{ ...body.system[0], text: `${longSystem}Be brief.` }] })).body,
    );
    expect(again).toEqual({ input: first.input, read: first.write, write: 0 });
    expect(changed.read).toBe(0);
  });

  it('keeps tools and system but not the messages when tool_choice changes, as the API does', async () => {
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }]);
    const messages = [{ ...question, content: [{ ...question.content[0], cache_control: ephemeral }] }];
    const system = [{ type: 'text', text: longSystem, cache_control: ephemeral }];
    const first = usageOf((await send(fake, { tools, system, messages })).body);
    const none = usageOf((await send(fake, { tools, system, messages, tool_choice: { type: 'none' } })).body);
    expect(none.read).toBeGreaterThan(0);
    expect(none.read).toBeLessThan(first.write);
    expect(none.read + none.write).toBe(first.write);
  });

  it('finds no entry more than 20 blocks before a breakpoint', async () => {
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }]);
    const system = [{ type: 'text', text: longSystem }];
    const marked = { role: 'user', content: [{ type: 'text', text: 'Start.', cache_control: ephemeral }] };
    await send(fake, { system, messages: [marked] });
    const turns = Array.from({ length: 11 }, (_, index) => [
      { role: 'assistant', content: [{ type: 'text', text: `Answer ${index}.` }] },
      { role: 'user', content: [{ type: 'text', text: `Question ${index}.` }] },
    ]).flat();
    const last = turns.at(-1) as { content: Array<Record<string, unknown>> };
    last.content[0] = { ...last.content[0], cache_control: ephemeral };
    const far = usageOf(
      (await send(fake, { system, messages: [{ role: 'user', content: 'Start.' }, ...turns] })).body,
    );
    expect(far.read).toBe(0);
  });

  it('caches nothing below minCacheableTokens', async () => {
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }], { minCacheableTokens: 100_000 });
    const body = {
      system: [{ type: 'text', text: longSystem, cache_control: ephemeral }],
      messages: [question],
    };
    await send(fake, body);
    expect(usageOf((await send(fake, body)).body)).toMatchObject({ read: 0, write: 0 });
  });

  it("reports a step's cache counts in cache_read_input_tokens and cache_creation_input_tokens, streamed and not", async () => {
    const usage = { inputTokens: 50, outputTokens: 7, cacheReadTokens: 300, cacheWriteTokens: 40 };
    const fake = createFakeLlm([
      { text: 'One.', usage },
      { text: 'Two.', usage },
    ]);
    const wire = { input_tokens: 50, cache_creation_input_tokens: 40, cache_read_input_tokens: 300 };
    expect((await send(fake, { messages: [question] })).body.usage).toMatchObject({
      ...wire,
      output_tokens: 7,
    });
    const response = await fake.handle(
      new Request(messagesUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({
          model: 'claude-sonnet-4-6',
          max_tokens: 256,
          messages: [question],
          stream: true,
        }),
      }),
    );
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as StreamEvent);
    expect(events.find((event) => event.type === 'message_start')?.message?.usage).toMatchObject(wire);
    expect(events.find((event) => event.type === 'message_delta')?.usage).toEqual({
      ...wire,
      output_tokens: 7,
    });
  });

  it("takes each cache count a step gives instead of the cache's, and the cache's for the other", async () => {
    const fake = createFakeLlm([{ text: 'One.', usage: { cacheReadTokens: 300 } }]);
    const body = {
      system: [{ type: 'text', text: longSystem, cache_control: ephemeral }],
      messages: [question],
    };
    const { read, write } = usageOf((await send(fake, body)).body);
    expect(read).toBe(300);
    // The first request writes its prefix to the cache, as it would without the step's read count.
    expect(write).toBeGreaterThan(1024);
  });

  it('refuses a minCacheableTokens that is not a whole number of tokens', () => {
    expect(() => createFakeLlm([], { minCacheableTokens: -1 })).toThrow(
      'createFakeLlm: minCacheableTokens must be a whole number of tokens (0 or more), not -1.',
    );
  });
});
