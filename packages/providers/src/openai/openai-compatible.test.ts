import { ModelError, type ModelStreamPart } from '@toolloop/core';
import { HttpResponse } from 'msw';
import { OpenAI } from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { openaiTestBaseURL, useOpenAITestServer } from '../../test/support/openai-test-server.js';
import { createOpenAIChunk, createOpenAIChunks, encodeOpenAIChunks } from '../../test/support/openai-wire.js';
import { openaiCompatible } from './openai-compatible.js';

const { answer } = useOpenAITestServer();

afterEach(() => {
  vi.unstubAllEnvs();
});

const hello = () =>
  createEventStreamResponse({
    bytes: encodeOpenAIChunks(createOpenAIChunks({ text: 'Hi!', finishReason: 'stop' })),
  });

const getWeather = {
  name: 'get_weather',
  description: 'Weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

function createModel(options: Partial<Parameters<typeof openaiCompatible>[0]> = {}) {
  return openaiCompatible({ baseURL: openaiTestBaseURL, model: 'test-model', maxRetries: 0, ...options });
}

describe('openaiCompatible', () => {
  it('describes itself as a core Model with its capabilities, overridable', () => {
    const model = createModel({ name: 'vllm', capabilities: { reasoningEffort: true } });
    const structured = createModel({ capabilities: { structuredOutput: true } });
    expect({
      provider: model.provider,
      modelId: model.modelId,
      capabilities: model.capabilities,
      supportsStructuredOutput: model.supportsStructuredOutput,
    }).toEqual({
      provider: 'vllm',
      modelId: 'test-model',
      capabilities: {
        reasoningEffort: true,
        streamUsage: true,
        toolChoice: true,
        maxTokensField: 'max_tokens',
        structuredOutput: false,
      },
      supportsStructuredOutput: false,
    });
    expect(structured.supportsStructuredOutput).toBe(true);
  });

  it('sends the request as chat completions take it', async () => {
    const received = answer([hello]);
    await collectStream({
      model: createModel({ maxTokens: 2000 }),
      request: createModelRequest({
        system: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', text: 'Use the tool.', providerData: { field: 'reasoning_content' } },
              { type: 'tool-call', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'get_weather',
                output: { content: [{ type: 'text', text: 'Sunny' }] },
                isError: false,
              },
            ],
          },
        ],
        tools: [getWeather],
        toolChoice: { type: 'tool', name: 'get_weather' },
        maxToolsPerResponse: 1,
        stopSequences: ['END'],
      }),
    });
    expect(received.bodies[0]).toMatchInlineSnapshot(`
      {
        "max_tokens": 2000,
        "messages": [
          {
            "content": "Be brief.",
            "role": "system",
          },
          {
            "content": "Weather in Paris?",
            "role": "user",
          },
          {
            "content": null,
            "reasoning_content": "Use the tool.",
            "role": "assistant",
            "tool_calls": [
              {
                "function": {
                  "arguments": "{"city":"Paris"}",
                  "name": "get_weather",
                },
                "id": "call_1",
                "type": "function",
              },
            ],
          },
          {
            "content": "Sunny",
            "role": "tool",
            "tool_call_id": "call_1",
          },
        ],
        "model": "test-model",
        "parallel_tool_calls": false,
        "stop": [
          "END",
        ],
        "stream": true,
        "stream_options": {
          "include_usage": true,
        },
        "tool_choice": {
          "function": {
            "name": "get_weather",
          },
          "type": "function",
        },
        "tools": [
          {
            "function": {
              "description": "Weather of a city.",
              "name": "get_weather",
              "parameters": {
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
            },
            "type": "function",
          },
        ],
      }
    `);
  });

  it('sends neither tools nor tool_choice for an empty tool list', async () => {
    const received = answer([hello]);
    await collectStream({
      model: createModel(),
      request: createModelRequest({ tools: [], toolChoice: { type: 'required' }, maxToolsPerResponse: 1 }),
    });
    expect(Object.keys(received.bodies[0] ?? {}).sort()).toEqual([
      'messages',
      'model',
      'stream',
      'stream_options',
    ]);
  });

  it('sends tool_choice none with the tools', async () => {
    const received = answer([hello]);
    await collectStream({
      model: createModel(),
      request: createModelRequest({ tools: [getWeather], toolChoice: { type: 'none' } }),
    });
    expect(received.bodies[0]).toMatchObject({ tool_choice: 'none', tools: [{ type: 'function' }] });
  });

  it('leaves out stream_options for a server that rejects it', async () => {
    const received = answer([hello]);
    await collectStream({
      model: createModel({ capabilities: { streamUsage: false } }),
      request: createModelRequest(),
    });
    expect(received.bodies[0]).not.toHaveProperty('stream_options');
  });

  it('sends thinking as reasoning_effort when the model takes it', async () => {
    const received = answer([hello]);
    const { parts } = await collectStream({
      model: createModel({ capabilities: { reasoningEffort: true } }),
      request: createModelRequest({ thinking: { enabled: true, effort: 'low' } }),
    });
    expect(received.bodies[0]).toMatchObject({ reasoning_effort: 'low' });
    expect(parts.filter((part) => part.type === 'warning')).toEqual([]);
  });

  it('warns, before the response, that thinking was not sent to a model without reasoning_effort', async () => {
    const received = answer([hello]);
    const { parts } = await collectStream({
      model: createModel({ thinking: { enabled: true, effort: 'high' } }),
      request: createModelRequest(),
    });
    expect(received.bodies[0]).not.toHaveProperty('reasoning_effort');
    expect(parts.map((part) => part.type)).toEqual(['warning', 'text-delta', 'text-delta', 'text', 'finish']);
    expect(parts[0]).toMatchObject({ code: 'thinking_unsupported' });
  });

  it('sends no Authorization header without a key, and a bearer token with one', async () => {
    const received = answer([hello, hello]);
    await collectStream({ model: createModel(), request: createModelRequest() });
    await collectStream({ model: createModel({ apiKey: 'server-key' }), request: createModelRequest() });
    expect(received.headers.map((headers) => headers.get('authorization'))).toEqual([
      null,
      'Bearer server-key',
    ]);
  });

  it('sends the reasoning back in the field the server streamed it in', async () => {
    const received = answer([
      () =>
        createEventStreamResponse({
          bytes: encodeOpenAIChunks(
            createOpenAIChunks({
              reasoning: 'Paris: call get_weather.',
              reasoningField: 'reasoning',
              toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
              finishReason: 'tool_calls',
            }),
          ),
        }),
      hello,
    ]);
    const model = createModel();
    const first = await collectStream({
      model,
      request: createModelRequest({ messages: [{ role: 'user', content: 'Weather?' }], tools: [getWeather] }),
    });
    const content = first.parts.filter((part) => part.type === 'thinking' || part.type === 'tool-call');
    expect(content).toEqual([
      { type: 'thinking', text: 'Paris: call get_weather.', providerData: { field: 'reasoning' } },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    await collectStream({
      model,
      request: createModelRequest({
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'get_weather',
                output: { content: [{ type: 'text', text: 'Sunny' }] },
                isError: false,
              },
            ],
          },
        ],
        tools: [getWeather],
      }),
    });
    expect((received.bodies[1]?.['messages'] as unknown[])[1]).toEqual({
      role: 'assistant',
      content: null,
      reasoning: 'Paris: call get_weather.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
  });

  it('turns an HTTP error into a ModelError with status and errorType, without the key', async () => {
    answer([
      () =>
        HttpResponse.json(
          {
            error: {
              message: "Invalid value for 'tool_choice' (key server-key)",
              type: 'invalid_request_error',
              param: 'tool_choice',
              code: null,
            },
          },
          { status: 400 },
        ),
    ]);
    const { error } = await collectStream({
      model: createModel({ apiKey: 'server-key', name: 'vllm' }),
      request: createModelRequest(),
    });
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ModelError',
      status: 400,
      errorType: 'invalid_request_error',
      retryable: false,
      provider: 'vllm',
      message:
        "The vllm server answered 400 (invalid_request_error) for test-model: Invalid value for 'tool_choice' (key [redacted])",
    });
  });

  it('turns an error inside the stream into a ModelError', async () => {
    answer([
      () =>
        createEventStreamResponse({
          bytes: encodeOpenAIChunks(
            [
              createOpenAIChunk({ delta: { content: 'Hi' } }),
              { error: { message: 'The server is overloaded.', type: 'server_error', code: null } },
            ],
            { done: false },
          ),
        }),
    ]);
    const { parts, error } = await collectStream({ model: createModel(), request: createModelRequest() });
    expect(parts).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(error).toMatchObject({
      name: 'ModelError',
      status: undefined,
      errorType: 'server_error',
      retryable: true,
      message:
        'The openai-compatible stream reported an error (server_error) for test-model: The server is overloaded.',
    });
  });

  it('reports a server it cannot reach as a retryable ModelError', async () => {
    answer([() => HttpResponse.error()]);
    const { error } = await collectStream({ model: createModel(), request: createModelRequest() });
    expect(error).toMatchObject({ name: 'ModelError', errorType: 'connection_error', retryable: true });
  });

  it('uses a client it is given', async () => {
    const received = answer([hello]);
    const client = new OpenAI({
      apiKey: 'client-key',
      baseURL: openaiTestBaseURL,
      maxRetries: 0,
      defaultHeaders: { 'x-custom': 'yes' },
    });
    const { error } = await collectStream({
      model: openaiCompatible({ baseURL: 'https://unused.test/v1', model: 'test-model', client }),
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

  it('cancels the HTTP request when the signal aborts mid-stream, ending with its reason', async () => {
    let requestAborted!: Promise<void>;
    answer([
      ({ request }) => {
        let bodyController!: ReadableStreamDefaultController<Uint8Array>;
        // The first chunk, then nothing: the stream hangs until the client goes away, which closes it.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            bodyController = controller;
            controller.enqueue(
              encodeOpenAIChunks([createOpenAIChunk({ delta: { content: 'Hi' } })], { done: false }),
            );
          },
        });
        requestAborted = new Promise((resolve) => {
          request.signal.addEventListener('abort', () => {
            bodyController.error(request.signal.reason);
            resolve();
          });
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      },
    ]);
    const controller = new AbortController();
    const reason = new Error('The user pressed stop.');
    const parts: ModelStreamPart[] = [];
    let caught: unknown;
    try {
      for await (const part of createModel().stream(createModelRequest({ signal: controller.signal }))) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort(reason);
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(reason);
    expect(parts).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    await requestAborted;
  });
});
