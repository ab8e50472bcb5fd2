import type { Message } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createWideRound } from '../../test/support/wide-round.js';
import { buildOpenAIResponsesRequest } from './build-openai-responses-request.js';

const reasoningItem = {
  id: 'rs_1',
  type: 'reasoning',
  encrypted_content: 'gAAAA-opaque',
  summary: [{ type: 'summary_text', text: 'Call the calculator.' }],
};

const toolRound: Message[] = [
  { role: 'user', content: 'What is 12 + 7?' },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', text: 'Call the calculator.', providerData: { item: reasoningItem } },
      { type: 'text', text: 'Adding.' },
      {
        type: 'tool-call',
        id: 'call_1',
        name: 'calculator',
        input: { a: 12, b: 7 },
        providerData: { itemId: 'fc_1' },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'calculator',
        output: { content: [{ type: 'text', text: '19' }] },
        isError: false,
      },
    ],
  },
];

function build(overrides: Partial<Parameters<typeof buildOpenAIResponsesRequest>[0]['request']> = {}) {
  return buildOpenAIResponsesRequest({
    request: { messages: toolRound, tools: [], ...overrides },
    modelId: 'gpt-5-mini',
    capabilities: { reasoning: true, structuredOutput: true },
  });
}

describe('buildOpenAIResponsesRequest', () => {
  it('sends the reasoning item back unchanged, before the function call it preceded', () => {
    expect(build().params.input).toEqual([
      { role: 'user', content: 'What is 12 + 7?' },
      reasoningItem,
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Adding.', annotations: [] }],
      },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'calculator',
        arguments: '{"a":12,"b":7}',
      },
      { type: 'function_call_output', call_id: 'call_1', output: '19' },
    ]);
  });

  it('sends the text of a message item back with its id, so the reasoning before it has its following item', () => {
    const messages: Message[] = [
      { role: 'user' as const, content: 'Hi' },
      {
        role: 'assistant' as const,
        content: [
          { type: 'thinking' as const, text: 'Greet.', providerData: { item: reasoningItem } },
          { type: 'text' as const, text: 'Hello', providerData: { itemId: 'msg_1' } },
          { type: 'text' as const, text: ' there.', providerData: { itemId: 'msg_1' } },
          { type: 'text' as const, text: 'Another.', providerData: { itemId: 'msg_2' } },
        ],
      },
      { role: 'user' as const, content: 'Again?' },
    ];
    expect(build({ messages }).params.input).toEqual([
      { role: 'user', content: 'Hi' },
      reasoningItem,
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_1',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Hello there.', annotations: [] }],
      },
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_2',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Another.', annotations: [] }],
      },
      { role: 'user', content: 'Again?' },
    ]);
  });

  it('keeps text written before a reasoning item ahead of it, as the response had them', () => {
    const messages: Message[] = [
      { role: 'user', content: 'What is 12 + 7?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me think.', providerData: { itemId: 'msg_1' } },
          { type: 'thinking', text: 'Call the calculator.', providerData: { item: reasoningItem } },
          {
            type: 'tool-call',
            id: 'call_1',
            name: 'calculator',
            input: {},
            providerData: { itemId: 'fc_1' },
          },
        ],
      },
    ];
    expect(
      build({ messages })
        .params.input.slice(1)
        .map((item) => ('id' in item ? item.id : undefined)),
    ).toEqual(['msg_1', 'rs_1', 'fc_1']);
  });

  it('does not store responses by default, and asks for the encrypted reasoning back', () => {
    expect(build().params).toMatchObject({
      model: 'gpt-5-mini',
      stream: true,
      store: false,
      include: ['reasoning.encrypted_content'],
      reasoning: { summary: 'auto' },
    });
  });

  it('sends the system prompt as instructions and the output limit as max_output_tokens', () => {
    expect(build({ system: 'Be brief.', maxTokens: 500 }).params).toMatchObject({
      instructions: 'Be brief.',
      max_output_tokens: 500,
    });
  });

  it('sends thinking settings as reasoning.effort with a summary', () => {
    expect(build({ thinking: { enabled: true, effort: 'low' } }).params.reasoning).toEqual({
      effort: 'low',
      summary: 'auto',
    });
  });

  it('sends no reasoning and no encrypted content to a model that does not reason, with a warning for thinking', () => {
    const { params, warnings } = buildOpenAIResponsesRequest({
      request: { messages: toolRound, tools: [], thinking: { enabled: true, effort: 'low' } },
      modelId: 'gpt-4o',
      capabilities: { reasoning: false, structuredOutput: true },
    });
    expect(params.reasoning).toBeUndefined();
    expect(params.include).toBeUndefined();
    expect(warnings.map((warning) => warning.code)).toEqual(['thinking_unsupported']);
  });

  it('leaves out thinking from another provider and redacted thinking', () => {
    const { params } = build({
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'Hm.', providerData: { signature: 'sig' } },
            { type: 'redacted-thinking', data: 'opaque' },
            { type: 'text', text: 'Hello.' },
          ],
        },
      ],
    });
    expect(params.input).toEqual([
      { role: 'user', content: 'Hi' },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Hello.', annotations: [] }],
      },
    ]);
  });

  it('sends tools as flat functions, strict only when the schema fits strict mode, with the tool choice', () => {
    const { params } = build({
      tools: [
        {
          name: 'calculator',
          description: 'Adds.',
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'number' } },
            required: ['a'],
            additionalProperties: false,
          },
        },
        { name: 'now', inputSchema: { type: 'object', properties: {} } },
      ],
      toolChoice: { type: 'tool', name: 'calculator' },
      maxToolsPerResponse: 1,
    });
    expect(params.tools).toEqual([
      {
        type: 'function',
        name: 'calculator',
        description: 'Adds.',
        parameters: {
          type: 'object',
          properties: { a: { type: 'number' } },
          required: ['a'],
          additionalProperties: false,
        },
        strict: true,
      },
      { type: 'function', name: 'now', parameters: { type: 'object', properties: {} }, strict: false },
    ]);
    expect(params.tool_choice).toEqual({ type: 'function', name: 'calculator' });
    expect(params.parallel_tool_calls).toBe(false);
  });

  it('sends a response format as text.format json_schema', () => {
    const schema = { type: 'object', properties: {}, additionalProperties: false };
    expect(build({ responseFormat: { type: 'json', name: 'answer', schema } }).params.text).toEqual({
      format: { type: 'json_schema', name: 'answer', schema, strict: true },
    });
  });

  it('marks an error result in the output text, which has no error flag', () => {
    const { params } = build({
      messages: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'calculator',
              output: { content: [{ type: 'text', text: 'division by zero' }] },
              isError: true,
            },
          ],
        },
      ],
    });
    expect(params.input).toEqual([
      { type: 'function_call_output', call_id: 'call_1', output: 'Error: division by zero' },
    ]);
  });
});

describe('buildOpenAIResponsesRequest of a round of 200,000 tool calls', () => {
  it('sends each call and each output as an item of its own', () => {
    const { calls, results } = createWideRound(200_000);
    const input = build({ messages: [{ role: 'user', content: 'Echo them all.' }, calls, results] }).params
      .input as unknown[];
    expect(input).toHaveLength(1 + 2 * 200_000);
    expect(input[200_000]).toMatchObject({ type: 'function_call', call_id: 'call_199999' });
    expect(input.at(-1)).toEqual({ type: 'function_call_output', call_id: 'call_199999', output: 'ok' });
  });
});
