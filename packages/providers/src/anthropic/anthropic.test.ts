import { Anthropic } from '@anthropic-ai/sdk';
import { ModelError } from '@toolloop/core';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAnthropicEvents,
  createEventStreamResponse,
  encodeAnthropicEvents,
} from '../../test/support/anthropic-wire.js';
import { testBaseURL, useAnthropicTestServer } from '../../test/support/anthropic-test-server.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { anthropic } from './anthropic.js';

const { answer } = useAnthropicTestServer();

afterEach(() => {
  vi.unstubAllEnvs();
});

const hello = () =>
  createEventStreamResponse({
    bytes: encodeAnthropicEvents(
      createAnthropicEvents({ content: [{ type: 'text', text: 'Hi!' }], stopReason: 'end_turn' }),
    ),
  });

function createModel(options: Partial<Parameters<typeof anthropic>[0]> = {}) {
  return anthropic({
    model: 'claude-haiku-4-5',
    apiKey: 'test-key',
    baseURL: testBaseURL,
    maxRetries: 0,
    ...options,
  });
}

describe('anthropic', () => {
  it('describes itself as a core Model with its capabilities, overridable per model', () => {
    const model = createModel({
      capabilities: { thinking: 'adaptive', maxOutputTokens: 10_000, minCacheableTokens: 0 },
    });
    const older = createModel({ model: 'claude-sonnet-4-5', capabilities: { structuredOutput: false } });
    expect({
      provider: model.provider,
      modelId: model.modelId,
      capabilities: model.capabilities,
      supportsStructuredOutput: model.supportsStructuredOutput,
    }).toEqual({
      provider: 'anthropic',
      modelId: 'claude-haiku-4-5',
      capabilities: {
        thinking: 'adaptive',
        thinksByDefault: false,
        defaultMaxTokens: 32_000,
        maxOutputTokens: 10_000,
        structuredOutput: true,
        promptCaching: true,
        minCacheableTokens: 0,
      },
      supportsStructuredOutput: true,
    });
    expect(older.supportsStructuredOutput).toBe(false);
  });

  it('needs no key to be created; the first request fails with what to do, sending nothing', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    const received = answer([]);
    const model = anthropic({ model: 'claude-haiku-4-5', baseURL: testBaseURL });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(parts).toEqual([]);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: false,
      errorType: 'authentication_error',
      message:
        'No Anthropic API key: pass `apiKey` to anthropic({ ... }) or set the ANTHROPIC_API_KEY environment variable.',
    });
    expect(received.bodies).toEqual([]);
  });

  it('takes the key from ANTHROPIC_API_KEY', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'test-key-from-env');
    const received = answer([hello]);
    const model = anthropic({ model: 'claude-haiku-4-5', baseURL: testBaseURL });
    const { error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    const auth = `${received.headers[0]?.get('x-api-key') ?? ''} ${received.headers[0]?.get('authorization') ?? ''}`;
    expect(auth).toContain('test-key-from-env');
  });

  it('sends the request as the Messages API takes it', async () => {
    const received = answer([hello]);
    const model = createModel({ model: 'claude-sonnet-4-5', maxTokens: 2000 });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the SDK warns that this model is deprecated
    await collectStream({
      model,
      request: createModelRequest({
        system: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', text: 'Use the tool.', providerData: { signature: 'sig-1' } },
              { type: 'tool-call', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'toolu_1',
                toolName: 'get_weather',
                output: { content: [{ type: 'text', text: 'Sunny' }] },
                isError: false,
              },
            ],
          },
        ],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather of a city.',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
        thinking: { enabled: true, budgetTokens: 3000 },
        maxToolsPerResponse: 1,
      }),
    });
    expect(received.bodies[0]).toMatchInlineSnapshot(`
      {
        "max_tokens": 5000,
        "messages": [
          {
            "content": [
              {
                "text": "Weather in Paris?",
                "type": "text",
              },
            ],
            "role": "user",
          },
          {
            "content": [
              {
                "signature": "sig-1",
                "thinking": "Use the tool.",
                "type": "thinking",
              },
              {
                "id": "toolu_1",
                "input": {
                  "city": "Paris",
                },
                "name": "get_weather",
                "type": "tool_use",
              },
            ],
            "role": "assistant",
          },
          {
            "content": [
              {
                "content": "Sunny",
                "tool_use_id": "toolu_1",
                "type": "tool_result",
              },
            ],
            "role": "user",
          },
        ],
        "model": "claude-sonnet-4-5",
        "stream": true,
        "system": "Be brief.",
        "thinking": {
          "budget_tokens": 3000,
          "type": "enabled",
        },
        "tool_choice": {
          "disable_parallel_tool_use": true,
          "type": "auto",
        },
        "tools": [
          {
            "description": "Weather of a city.",
            "input_schema": {
              "properties": {
                "city": {
                  "type": "string",
                },
              },
              "required": [
                "city",
              ],
              "type": "object",
            },
            "name": "get_weather",
          },
        ],
      }
    `);
  });

  it('yields warnings about settings it could not send before the response', async () => {
    answer([hello]);
    const model = createModel({ model: 'claude-3-haiku-20240307' });
    const { parts } = await collectStream({
      model,
      request: createModelRequest({ thinking: { enabled: true } }),
    });
    expect(parts.map((part) => part.type)).toEqual(['warning', 'text-delta', 'text-delta', 'text', 'finish']);
    expect(parts[0]).toMatchObject({ code: 'thinking_unsupported' });
  });

  it('ignores events this SDK version does not know', async () => {
    const known = createAnthropicEvents({ content: [{ type: 'text', text: 'Hi!' }], stopReason: 'end_turn' });
    const bytes = encodeAnthropicEvents([known[0]!, { type: 'future_event' }, ...known.slice(1)]);
    answer([() => createEventStreamResponse({ bytes })]);
    const { parts, error } = await collectStream({ model: createModel(), request: createModelRequest() });
    expect(error).toBeUndefined();
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'text-delta', 'text', 'finish']);
  });

  it('turns an HTTP error into a ModelError with status and errorType, without the key', async () => {
    answer([
      () =>
        HttpResponse.json(
          {
            type: 'error',
            error: {
              type: 'invalid_request_error',
              message: 'max_tokens: must be at most 64000 (key test-key)',
            },
          },
          { status: 400 },
        ),
    ]);
    const { error } = await collectStream({ model: createModel(), request: createModelRequest() });
    expect(error).toMatchObject({
      name: 'ModelError',
      status: 400,
      errorType: 'invalid_request_error',
      retryable: false,
      provider: 'anthropic',
    });
    expect((error as ModelError).message).not.toContain('test-key');
  });

  it('turns an error event inside the stream into a retryable ModelError', async () => {
    const start = createAnthropicEvents({ content: [], stopReason: 'end_turn' }).slice(0, 1);
    const bytes = encodeAnthropicEvents([
      ...start,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ] as Array<{ type: string }>);
    answer([() => createEventStreamResponse({ bytes })]);
    const { error } = await collectStream({ model: createModel(), request: createModelRequest() });
    expect(error).toMatchObject({
      name: 'ModelError',
      status: undefined,
      errorType: 'overloaded_error',
      retryable: true,
    });
  });

  it('uses a client it is given', async () => {
    const received = answer([hello]);
    const client = new Anthropic({
      apiKey: 'test-key',
      baseURL: testBaseURL,
      maxRetries: 0,
      defaultHeaders: { 'x-custom': 'yes' },
    });
    const { error } = await collectStream({
      model: anthropic({ model: 'claude-haiku-4-5', client }),
      request: createModelRequest(),
    });
    expect(error).toBeUndefined();
    expect(received.headers[0]?.get('x-custom')).toBe('yes');
  });

  it('does not send a request whose signal is already aborted', async () => {
    const received = answer([hello]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const { error } = await collectStream({
      model: createModel(),
      request: createModelRequest({ signal: controller.signal }),
    });
    expect(error).toEqual(new Error('stop'));
    expect(received.bodies).toEqual([]);
  });
});
