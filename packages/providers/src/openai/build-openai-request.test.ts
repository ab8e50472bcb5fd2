import type { ModelRequest } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { buildOpenAIRequest } from './build-openai-request.js';
import {
  defaultOpenAICompatibleCapabilities,
  type OpenAICompatibleCapabilities,
} from './openai-compatible-capabilities.js';

function build({
  request = {},
  capabilities = {},
  defaultMaxTokens,
  defaultThinking,
}: {
  request?: Partial<Omit<ModelRequest, 'signal'>>;
  capabilities?: Partial<OpenAICompatibleCapabilities>;
  defaultMaxTokens?: number;
  defaultThinking?: ModelRequest['thinking'];
}) {
  return buildOpenAIRequest({
    request: { messages: [{ role: 'user', content: 'Hi' }], tools: [], ...request },
    modelId: 'test-model',
    capabilities: { ...defaultOpenAICompatibleCapabilities, ...capabilities },
    defaultMaxTokens,
    defaultThinking,
  });
}

describe('buildOpenAIRequest', () => {
  it('sends the least a request needs', () => {
    expect(build({})).toEqual({
      params: {
        model: 'test-model',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
      },
      warnings: [],
    });
  });

  it("puts the output limit in the server's field, the request's before the provider's", () => {
    expect(build({ defaultMaxTokens: 100 }).params).toMatchObject({ max_tokens: 100 });
    expect(build({ request: { maxTokens: 50 }, defaultMaxTokens: 100 }).params).toMatchObject({
      max_tokens: 50,
    });
    const openAIStyle = build({
      request: { maxTokens: 50 },
      capabilities: { maxTokensField: 'max_completion_tokens' },
    });
    expect(openAIStyle.params).toMatchObject({ max_completion_tokens: 50 });
    expect(openAIStyle.params).not.toHaveProperty('max_tokens');
  });

  it("takes the request's thinking before the provider's", () => {
    const built = build({
      request: { thinking: { enabled: true, effort: 'high' } },
      defaultThinking: { enabled: true, effort: 'low' },
      capabilities: { reasoningEffort: true },
    });
    expect(built.params.reasoning_effort).toBe('high');
    expect(
      build({ defaultThinking: { enabled: true, effort: 'low' }, capabilities: { reasoningEffort: true } })
        .params.reasoning_effort,
    ).toBe('low');
  });

  it('sends no empty stop list', () => {
    expect(build({ request: { stopSequences: [] } }).params).not.toHaveProperty('stop');
  });
  it('sends a responseFormat as a json_schema response_format, strict when the schema fits strict mode', () => {
    const strictSchema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
      additionalProperties: false,
    };
    const looseSchema = { type: 'object', properties: { total: { type: 'number' } } };
    const send = (schema: typeof looseSchema) =>
      build({
        request: { responseFormat: { type: 'json', name: 'invoice', schema } },
        capabilities: { structuredOutput: true },
      }).params.response_format;

    expect(send(strictSchema)).toEqual({
      type: 'json_schema',
      json_schema: { name: 'invoice', schema: strictSchema, strict: true },
    });
    expect(send(looseSchema)).toEqual({
      type: 'json_schema',
      json_schema: { name: 'invoice', schema: looseSchema, strict: false },
    });
  });

  it('sends no response_format to a server not known to take one, and says so', () => {
    const { params, warnings } = build({
      request: { responseFormat: { type: 'json', name: 'answer', schema: { type: 'object' } } },
    });

    expect(params.response_format).toBeUndefined();
    expect(warnings.map((warning) => warning.code)).toEqual(['structured_output_unsupported']);
  });

  it('keeps the round’s line in the first system message with promptCaching: false', () => {
    const request = {
      messages: [{ role: 'user' as const, content: 'Hi' }],
      tools: [],
      system: 'Be brief.\n\n[Round 1] Call a tool.',
      volatileSystemSuffix: '[Round 1] Call a tool.',
    };
    const options = { modelId: 'test-model', capabilities: defaultOpenAICompatibleCapabilities };
    expect(buildOpenAIRequest({ request, ...options }).params.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: '[Round 1] Call a tool.' },
    ]);
    expect(buildOpenAIRequest({ request, ...options, promptCaching: false }).params.messages).toEqual([
      { role: 'system', content: 'Be brief.\n\n[Round 1] Call a tool.' },
      { role: 'user', content: 'Hi' },
    ]);
  });
});
