import { afterEach, describe, expect, it } from 'vitest';
import { createRequestHeaders } from '../test/create-request-headers.js';
import { describeRefusals, type RefusalCase } from '../test/describe-refusals.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';
import type { FakeLlmOptions } from './fake-llm-options.js';
import type { FakeLlmScript } from './script/fake-llm-script.js';

const model = 'claude-sonnet-4-6';
const question = { role: 'user', content: 'Weather in Paris?' };
const body = (fields: Record<string, unknown> = {}) => ({
  model,
  max_tokens: 2048,
  messages: [question],
  ...fields,
});
const without = (field: string) =>
  Object.fromEntries(Object.entries(body()).filter(([name]) => name !== field));
const version2026 = { 'anthropic-version': '2026-10-21' };
const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } } },
};
const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } };
const toolResult = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' };
const thinkingBlock = { type: 'thinking', thinking: 'Paris first.', signature: 'c2lnbmF0dXJl' };
const textDocument = {
  type: 'document',
  source: { type: 'text', media_type: 'text/plain', data: 'The forecast.' },
};
const smallWindowModel = 'claude-small-window';
const contentTags =
  "'bash_code_execution_tool_result', 'code_execution_tool_result', 'container_upload', 'document', 'image', " +
  "'redacted_thinking', 'search_result', 'server_tool_use', 'text', 'text_editor_code_execution_tool_result', " +
  "'thinking', 'tool_result', 'tool_search_tool_result', 'tool_use', 'web_fetch_tool_result', 'web_search_tool_result'";

const invalid = (message: string | RegExp) => ({ status: 400, type: 'invalid_request_error', message });

const cases: RefusalCase[] = [
  {
    name: 'no anthropic-version header',
    rule: 'messages/api-version-header',
    path: '/v1/messages',
    headers: { 'anthropic-version': null },
    body: body(),
    expected: invalid('anthropic-version: header is required'),
  },
  {
    name: 'an anthropic-version the API does not have',
    rule: 'messages/api-version',
    path: '/v1/messages',
    headers: { 'anthropic-version': '2099-01-01' },
    body: body(),
    expected: invalid('anthropic-version: "2099-01-01" is not a valid version'),
  },
  {
    name: 'a top-level field named __proto__ (a field like any other, not the prototype)',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: body(JSON.parse('{"__proto__":{"stream":true}}') as Record<string, unknown>),
    expected: invalid('__proto__: Extra inputs are not permitted'),
  },
  {
    name: 'a model the API does not serve',
    rule: 'messages/unknown-model',
    path: '/v1/messages',
    body: body({ model: 'claude-made-up-9' }),
    expected: { status: 404, type: 'not_found_error', message: 'model: claude-made-up-9' },
  },
  {
    name: 'a null model',
    rule: 'messages/unknown-model',
    path: '/v1/messages',
    body: body({ model: null }),
    expected: { status: 404, type: 'not_found_error', message: 'model: None' },
  },
  {
    name: 'max_tokens missing',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: without('max_tokens'),
    expected: invalid('max_tokens: Field required'),
  },
  {
    name: 'max_tokens as a string',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: body({ max_tokens: '2048' }),
    expected: invalid('max_tokens: Input should be a valid integer'),
  },
  {
    name: 'model missing',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: without('model'),
    expected: invalid('model: Field required'),
  },
  {
    name: 'messages missing',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: without('messages'),
    expected: invalid('messages: Field required'),
  },
  {
    name: 'a content block of an unknown type',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: body({
      messages: [{ role: 'user', content: [{ type: 'image_url', url: 'https://x.test/a.png' }] }],
    }),
    expected: invalid(
      `messages.0.content.0: Input tag 'image_url' found using 'type' does not match any of the expected tags: ${contentTags}`,
    ),
  },
  {
    name: 'a role the API does not have',
    rule: 'messages/definition',
    path: '/v1/messages',
    headers: version2026,
    body: body({ messages: [{ role: 'bot', content: 'Hi' }] }),
    expected: invalid("messages.0.role: Input should be 'user', 'assistant' or 'system'"),
  },
  {
    name: 'an unknown top-level field',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: body({ response_format: { type: 'json_object' } }),
    expected: invalid('response_format: Extra inputs are not permitted'),
  },
  ...['temperature', 'top_p', 'top_k'].map((field): RefusalCase => ({
    name: `${field} under anthropic-version 2026-10-21`,
    rule: 'messages/definition',
    path: '/v1/messages',
    headers: version2026,
    body: body({ [field]: 0.5 }),
    expected: invalid(`${field}: Extra inputs are not permitted`),
  })),
  {
    name: 'a thread sent to the generally available messages.create',
    rule: 'messages/definition',
    path: '/v1/messages',
    headers: version2026,
    body: body({ thread: { type: 'create' } }),
    expected: invalid('thread: Extra inputs are not permitted'),
  },
  {
    name: 'a system message with an image block (anthropic-version 2026-10-21)',
    rule: 'messages/definition',
    path: '/v1/messages',
    headers: version2026,
    body: body({
      messages: [
        {
          role: 'system',
          content: [{ type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } }],
        },
        question,
      ],
    }),
    // A system message takes text blocks only: an image block is read as a text block without its text.
    expected: invalid('messages.0.content.0.text: Field required'),
  },
  {
    name: 'a tool without input_schema',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: body({ tools: [{ name: 'get_weather' }] }),
    expected: invalid('tools.0.custom.input_schema: Field required'),
  },
  {
    name: 'budget_tokens that is not a whole number',
    rule: 'messages/definition',
    path: '/v1/messages',
    body: body({ thinking: { type: 'enabled', budget_tokens: 1500.5 } }),
    expected: invalid(
      'thinking.enabled.budget_tokens: Input should be a valid integer, got a number with a fractional part',
    ),
  },
  {
    name: 'an empty messages list',
    rule: 'messages/at-least-one-message',
    path: '/v1/messages',
    body: body({ messages: [] }),
    expected: invalid('messages: at least one message is required'),
  },
  {
    name: 'an image block in an assistant message',
    rule: 'messages/assistant-turn-blocks',
    path: '/v1/messages',
    body: body({
      messages: [
        question,
        {
          role: 'assistant',
          content: [{ type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } }],
        },
        { role: 'user', content: 'And?' },
      ],
    }),
    expected: invalid("messages.1.content: 'image' blocks are not permitted within assistant turns."),
  },
  {
    name: 'a document block in an assistant message (anthropic-version 2026-10-21)',
    rule: 'messages/assistant-turn-blocks',
    path: '/v1/messages',
    headers: version2026,
    body: body({
      messages: [question, { role: 'assistant', content: [textDocument] }, { role: 'user', content: 'And?' }],
    }),
    expected: invalid("messages.1.content: 'document' blocks are not permitted within assistant turns."),
  },
  {
    name: 'citations on a text block of a user message (anthropic-version 2026-10-21)',
    rule: 'messages/user-turn-citations',
    path: '/v1/messages',
    headers: version2026,
    body: body({
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'Sunny.',
              citations: [
                {
                  type: 'char_location',
                  cited_text: 'Sunny',
                  document_index: 0,
                  document_title: null,
                  start_char_index: 0,
                  end_char_index: 5,
                },
              ],
            },
          ],
        },
      ],
    }),
    expected: invalid('messages.0.content.0.text.citations: citations are not permitted within user turns.'),
  },
  {
    name: 'a tool name outside the pattern',
    rule: 'messages/tool-name',
    path: '/v1/messages',
    body: body({ tools: [{ ...weatherTool, name: 'get weather' }] }),
    expected: invalid("tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"),
  },
  {
    name: 'a tool name over 128 characters',
    rule: 'messages/tool-name',
    path: '/v1/messages',
    body: body({ tools: [{ ...weatherTool, name: 'a'.repeat(129) }] }),
    expected: invalid('tools.0.custom.name: String should have at most 128 characters'),
  },
  {
    name: 'budget_tokens below 1024',
    rule: 'messages/thinking-budget-minimum',
    path: '/v1/messages',
    body: body({ thinking: { type: 'enabled', budget_tokens: 512 } }),
    expected: invalid('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024'),
  },
  {
    name: 'budget_tokens not below max_tokens',
    rule: 'messages/thinking-budget-below-max-tokens',
    path: '/v1/messages',
    body: body({ max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 2048 } }),
    expected: invalid(
      '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at ' +
        'https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size',
    ),
  },
  {
    name: 'manual thinking on a model that only thinks adaptively (claude-opus-4-7)',
    rule: 'messages/manual-thinking-unsupported',
    path: '/v1/messages',
    body: body({ model: 'claude-opus-4-7', thinking: { type: 'enabled', budget_tokens: 1024 } }),
    expected: invalid(
      '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and ' +
        '"output_config.effort" to control thinking behavior.',
    ),
  },
  {
    name: 'adaptive thinking on a model with manual thinking only (claude-haiku-4-5)',
    rule: 'messages/adaptive-thinking-unsupported',
    path: '/v1/messages',
    body: body({ model: 'claude-haiku-4-5', thinking: { type: 'adaptive' } }),
    expected: invalid(
      "thinking: Input tag 'adaptive' found using 'type' does not match any of the expected tags: 'enabled', 'disabled'",
    ),
  },
  {
    name: 'max_tokens above the model’s output limit',
    rule: 'messages/max-output-tokens',
    path: '/v1/messages',
    body: body({ model: 'claude-sonnet-4-5', max_tokens: 100_000 }),
    expected: invalid(
      'max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-5',
    ),
  },
  {
    name: 'a prompt past the model’s context window',
    rule: 'messages/context-window',
    path: '/v1/messages',
    body: body({
      model: smallWindowModel,
      messages: [{ role: 'user', content: 'Weather? '.repeat(60) }],
    }),
    expected: invalid(/^prompt is too long: \d+ tokens > 100 maximum$/u),
  },
  {
    name: 'thinking blocks in the final assistant message without thinking enabled',
    rule: 'messages/final-assistant-thinking',
    path: '/v1/messages',
    body: body({
      messages: [question, { role: 'assistant', content: [thinkingBlock, { type: 'text', text: 'It is' }] }],
    }),
    expected: invalid(
      'messages.1.content.0: When thinking is disabled, an `assistant` message in the final position cannot ' +
        'contain `thinking`. To use thinking blocks, enable `thinking` in your request.',
    ),
  },
  {
    name: 'a message with empty content',
    rule: 'messages/empty-content',
    path: '/v1/messages',
    body: body({ messages: [{ role: 'user', content: [] }] }),
    expected: invalid(
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    ),
  },
  {
    name: 'two tool_use blocks with one id',
    rule: 'messages/tool-use-ids',
    path: '/v1/messages',
    body: body({
      tools: [weatherTool],
      messages: [
        question,
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [toolResult] },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [toolResult] },
      ],
    }),
    expected: invalid('messages.3.content.0: `tool_use` ids must be unique'),
  },
  {
    name: 'tool blocks without tools',
    rule: 'messages/tools-undefined',
    path: '/v1/messages',
    body: body({
      messages: [
        question,
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [toolResult] },
      ],
    }),
    expected: invalid(/^Requests which include `tool_use` or `tool_result` blocks must define tools\./u),
  },
  {
    name: 'an output format whose object schema allows other properties',
    rule: 'messages/output-format',
    path: '/v1/messages',
    body: body({
      output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: {} } } },
    }),
    expected: invalid(
      "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false",
    ),
  },
  {
    name: 'a cache_control ttl the API does not have',
    rule: 'messages/cache-control',
    path: '/v1/messages',
    body: body({
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral', ttl: '10m' } }],
    }),
    expected: invalid("system.0.cache_control.ephemeral.ttl: Input should be '5m' or '1h'"),
  },
];

describeRefusals({
  title: 'POST /v1/messages: requests the Messages API refuses',
  cases,
  valid: { path: '/v1/messages', body: body() },
  script: { models: [{ id: smallWindowModel, like: model, contextWindow: 100 }] },
});

describeRefusals({
  title: 'POST /v1/messages/count_tokens: requests the Messages API refuses',
  cases: [
    {
      name: 'max_tokens, which counting takes no part of',
      rule: 'messages/definition',
      path: '/v1/messages/count_tokens',
      body: body(),
      expected: invalid('max_tokens: Extra inputs are not permitted'),
    },
    {
      name: 'a model the API does not serve',
      rule: 'messages/unknown-model',
      path: '/v1/messages/count_tokens',
      body: { model: 'claude-made-up-9', messages: [question] },
      expected: { status: 404, type: 'not_found_error', message: 'model: claude-made-up-9' },
    },
    {
      name: 'an empty messages list',
      rule: 'messages/at-least-one-message',
      path: '/v1/messages/count_tokens',
      body: { model, messages: [] },
      expected: invalid('messages: at least one message is required'),
    },
    {
      name: 'temperature under anthropic-version 2026-10-21',
      rule: 'messages/definition',
      path: '/v1/messages/count_tokens',
      headers: version2026,
      body: { model, messages: [question], temperature: 1 },
      expected: invalid('temperature: Extra inputs are not permitted'),
    },
  ],
  valid: { path: '/v1/messages', body: body() },
});

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Serves a fake with one answer, sends `request` to it, and returns the answer's status and the fake. */
async function send(options: {
  body: unknown;
  /** Besides content-type and `anthropic-version: 2023-06-01`; `null` leaves one out. */
  headers?: Record<string, string | null>;
  path?: string;
  script?: Omit<FakeLlmScript, 'steps'>;
  fakeOptions?: FakeLlmOptions;
}) {
  fake = createFakeLlm({ ...options.script, steps: [{ text: 'Answered.' }] }, options.fakeOptions);
  const { url } = await fake.serve();
  const path = options.path ?? '/v1/messages';
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: createRequestHeaders({
      path,
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    }),
    body: JSON.stringify(options.body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  return { status: response.status, answer, violations: fake.violations };
}

describe('requests the Messages API takes', () => {
  it.each(['temperature', 'top_p', 'top_k'])('takes %s under anthropic-version 2023-06-01', async (field) => {
    const { status, violations } = await send({
      body: body({ [field]: 1 }),
      headers: { 'anthropic-version': '2023-06-01' },
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it('takes a document block in an assistant message under anthropic-version 2023-06-01', async () => {
    const { status, violations } = await send({
      body: body({
        messages: [
          question,
          { role: 'assistant', content: [textDocument] },
          { role: 'user', content: 'And?' },
        ],
      }),
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it.each(['2023-06-01', '2026-10-21'])(
    'takes a system message with text among the messages (anthropic-version %s), as the API definition has it',
    async (version) => {
      const { status, violations } = await send({
        body: body({ messages: [{ role: 'system', content: 'Answer briefly.' }, question] }),
        headers: { 'anthropic-version': version },
      });
      expect([status, violations]).toEqual([200, []]);
    },
  );

  it('takes max_tokens up to a model’s output limit: 128000 for claude-sonnet-4-6, as @ai-sdk/anthropic sends by default', async () => {
    const { status, violations } = await send({ body: body({ max_tokens: 128_000 }) });
    expect([status, violations]).toEqual([200, []]);
  });

  it('counts an image by the tokens the API counts for it, not by its base64 data', async () => {
    // 1.2 MB of base64: at four characters a token, past claude-haiku-4-5's 200k-token window.
    const image = { type: 'base64', media_type: 'image/png', data: 'A'.repeat(1_200_000) };
    const { status, violations, answer } = await send({
      body: body({
        model: 'claude-haiku-4-5',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: image },
              { type: 'text', text: 'What is it?' },
            ],
          },
        ],
      }),
    });
    expect([status, violations]).toEqual([200, []]);
    expect((answer.usage as { input_tokens: number }).input_tokens).toBeLessThan(2000);
  });

  it('counts a PDF by its pages, not by its base64 data', async () => {
    const pages = Array.from(
      { length: 3 },
      (_, index) => `${index + 3} 0 obj << /Type /Page /Parent 2 0 R >>`,
    );
    const pdf = `%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\n2 0 obj << /Type /Pages >>\n${pages.join('\n')}\n${'%'.repeat(900_000)}`;
    const document = {
      type: 'base64',
      media_type: 'application/pdf',
      data: Buffer.from(pdf).toString('base64'),
    };
    const { status, answer } = await send({
      body: body({
        model: 'claude-haiku-4-5',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'document', source: document },
              { type: 'text', text: 'Sum up.' },
            ],
          },
        ],
      }),
    });
    expect(status).toBe(200);
    // Three pages of 2500 tokens, and the rest of the request.
    expect((answer.usage as { input_tokens: number }).input_tokens).toBeGreaterThan(7500);
    expect((answer.usage as { input_tokens: number }).input_tokens).toBeLessThan(8000);
  });

  it.each([
    [undefined, 400],
    ['context-1m-2025-08-07', 200],
  ])(
    'holds claude-sonnet-4-5 to 200k tokens, or 1M with its long-context beta (anthropic-beta: %s)',
    async (beta, expected) => {
      const long = { role: 'user', content: 'word '.repeat(200_000) };
      const { status } = await send({
        body: body({ model: 'claude-sonnet-4-5', messages: [long] }),
        ...(beta === undefined ? {} : { headers: { 'anthropic-beta': beta } }),
      });
      expect(status).toBe(expected);
    },
  );

  it.each([
    [
      [{ id: 'acme', like: 'claude-haiku-4.5' }],
      "Fake LLM script 'default': models[0].like: 'claude-haiku-4.5' is no model the APIs serve",
    ],
    [[{ id: 'acme' }, { id: 'acme' }], "Fake LLM script 'default': models[1].id: 'acme' is listed twice"],
  ])('refuses a script whose models it cannot follow: %j', (models, message) => {
    expect(() => createFakeLlm({ steps: [], models })).toThrow(message);
  });

  it("holds a script's model like one of the other API's to that model's limits", async () => {
    const { status, answer } = await send({
      body: body({ model: 'proxy-gpt-4o', max_tokens: 60_000 }),
      script: { models: [{ id: 'proxy-gpt-4o', like: 'gpt-4o' }] },
    });
    expect([status, (answer.error as { message: string }).message]).toEqual([
      400,
      'max_tokens: 60000 > 16384, which is the maximum allowed number of output tokens for proxy-gpt-4o',
    ]);
  });

  it('counts an image by link as the tokens of an image, not as its link', async () => {
    const image = { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } };
    const { status, answer } = await send({
      body: body({ messages: [{ role: 'user', content: [image, { type: 'text', text: 'What is it?' }] }] }),
    });
    expect(status).toBe(200);
    expect((answer.usage as { input_tokens: number }).input_tokens).toBeGreaterThan(1600);
  });

  it('takes a model the script adds', async () => {
    const { status, answer } = await send({
      body: body({ model: 'acme-claude-finetune' }),
      script: { models: [{ id: 'acme-claude-finetune', like: 'claude-haiku-4-5' }] },
    });
    expect([status, answer.model]).toEqual([200, 'acme-claude-finetune']);
  });

  it('holds a model the script adds to the limits of the model it is like', async () => {
    const { status, answer } = await send({
      body: body({ model: 'acme-claude-finetune', thinking: { type: 'adaptive' } }),
      script: { models: [{ id: 'acme-claude-finetune', like: 'claude-haiku-4-5' }] },
    });
    expect([status, (answer.error as { message: string }).message]).toEqual([
      400,
      "thinking: Input tag 'adaptive' found using 'type' does not match any of the expected tags: 'enabled', 'disabled'",
    ]);
  });

  it('takes thinking blocks in the final assistant message for a model that thinks by default', async () => {
    const { status, violations } = await send({
      body: body({
        model: 'claude-sonnet-5',
        messages: [
          question,
          { role: 'assistant', content: [thinkingBlock, { type: 'text', text: 'It is' }] },
        ],
      }),
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it('takes thinking blocks of an earlier assistant message without thinking enabled', async () => {
    const { status, violations } = await send({
      body: body({
        messages: [
          question,
          { role: 'assistant', content: [thinkingBlock, { type: 'text', text: 'Sunny.' }] },
          { role: 'user', content: 'And Lyon?' },
        ],
      }),
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it('takes the beta fields with ?beta=true in the URL (as beta.messages of @anthropic-ai/sdk 0.x sends them)', async () => {
    const { status, violations } = await send({
      path: '/v1/messages?beta=true',
      body: body({ thread: { type: 'create' } }),
      headers: version2026,
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it('takes the beta fields with an anthropic-beta header (as @anthropic-ai/sdk 1.x sends betas)', async () => {
    const { status, violations } = await send({
      body: body({ context_management: { edits: [] } }),
      headers: { 'anthropic-beta': 'context-management-2025-06-27' },
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it('counts the tokens of a request without max_tokens', async () => {
    const { status, answer } = await send({
      path: '/v1/messages/count_tokens',
      body: { model, messages: [question] },
    });
    expect(status).toBe(200);
    expect(answer.input_tokens).toBeGreaterThan(1);
  });
});

describe('strictness.relax', () => {
  it('lets a request a relaxed rule refuses through', async () => {
    const { status, violations } = await send({
      body: body({ model: 'claude-made-up-9' }),
      fakeOptions: { strictness: { relax: ['messages/unknown-model'] } },
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it('still applies the rules it does not name', async () => {
    const { status } = await send({
      body: body({ model: 'claude-made-up-9', max_tokens: 100_000 }),
      fakeOptions: { strictness: { relax: ['messages/max-output-tokens'] } },
    });
    expect(status).toBe(404);
  });

  it('does not report what a relaxed reporting rule finds', async () => {
    const { status, violations } = await send({
      body: body({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: [toolUse] }, { role: 'user', content: 'Well?' }],
      }),
      fakeOptions: { strictness: { relax: ['messages/missing-tool-result'] } },
    });
    expect([status, violations]).toEqual([200, []]);
  });

  it.each(cases.map((refusal) => [refusal.rule, refusal.name, refusal] as const))(
    'relaxing %s lets %s past it',
    async (rule, _name, refusal) => {
      const { violations } = await send({
        path: refusal.path,
        body: refusal.body,
        ...(refusal.headers === undefined ? {} : { headers: refusal.headers }),
        script: { models: [{ id: smallWindowModel, like: model, contextWindow: 100 }] },
        fakeOptions: { strictness: { relax: [rule] } },
      });
      expect(violations.filter((violation) => violation.message.includes(`fake LLM rule ${rule})`))).toEqual(
        [],
      );
    },
  );

  it('throws for a rule id the fake does not have', () => {
    expect(() => createFakeLlm(undefined, { strictness: { relax: ['messages/no-such-rule'] } })).toThrow(
      "createFakeLlm: strictness.relax names no rule of the fake: 'messages/no-such-rule'.",
    );
  });
});

describe('the context window of a message thread', () => {
  it('counts the thread’s stored messages with the new ones', async () => {
    fake = createFakeLlm({
      models: [{ id: smallWindowModel, like: model, contextWindow: 100 }],
      steps: [{ text: 'First.' }, { text: 'Second.' }],
    });
    const { url } = await fake.serve();
    const post = (requestBody: unknown) =>
      fetch(`${url}/v1/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'anthropic-beta': 'message-threads-2026-08-12',
          ...version2026,
        },
        body: JSON.stringify(requestBody),
      });
    const longQuestion = { role: 'user', content: 'Weather? '.repeat(25) };
    const first = await post(
      body({ model: smallWindowModel, messages: [longQuestion], thread: { type: 'create' } }),
    );
    const { id } = (await first.json()) as { id: string };
    const second = await post(
      body({
        model: smallWindowModel,
        messages: [{ role: 'user', content: 'Weather? '.repeat(25) }],
        thread: { type: 'continue', previous_message_id: id },
      }),
    );
    const refusal = (await second.json()) as { error: { message: string } };
    expect([first.status, second.status]).toEqual([200, 400]);
    expect(refusal.error.message).toMatch(/^prompt is too long: \d+ tokens > 100 maximum$/u);
  });
});
