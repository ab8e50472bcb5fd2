import { defineTool, runToolLoop, type Model } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import { gemini } from '@toolloop/providers/gemini';
import { ollama } from '@toolloop/providers/ollama';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deepArgumentsAnswer, runWithDeepArguments } from './support/deep-arguments.js';
import { nestArrays, nestObjects } from './support/nested-json.js';

/**
 * Gemini and Ollama send a call's arguments as an object inside the response's JSON, not as text: the SDK or
 * the provider has parsed them before the loop sees them; so does Anthropic's `content_block_start`. The wire
 * text below is written by hand, so a hostile server's nesting reaches the provider as it would from the network.
 * Anthropic runs with message threads, whose watcher reads each reply a second time to continue from it.
 */
const wires: Array<{
  name: string;
  /** A model whose first answer calls `get_weather` with `args` (JSON text), and whose second is text. */
  model: (args: string) => Model;
}> = [
  {
    name: 'Gemini (functionCall.args)',
    model: (args) =>
      gemini({
        model: 'gemini-2.5-flash',
        apiKey: 'test-key',
        maxRetries: 0,
        fetch: answerInTurn([
          geminiAnswer(`{"functionCall":{"id":"call_deep","name":"get_weather","args":${args}}}`),
          geminiAnswer(`{"text":"${deepArgumentsAnswer}"}`),
        ]),
      }),
  },
  {
    name: 'Anthropic with threads (content_block_start input)',
    model: (args) =>
      anthropicAnswering(
        `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_deep","name":"get_weather","input":${args}}}`,
      ),
  },
  {
    name: 'Anthropic with threads (input_json_delta text)',
    model: (args) =>
      anthropicAnswering(
        `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_deep","name":"get_weather","input":{}}}`,
        `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":${JSON.stringify(args)}}}`,
      ),
  },
  {
    name: 'Ollama (function.arguments as an object)',
    model: (args) =>
      ollama({
        model: 'llama3.2',
        host: 'http://ollama.test:11434',
        fetch: answerInTurn([
          ollamaAnswer(
            `{"role":"assistant","content":"","tool_calls":[{"id":"call_deep","function":{"name":"get_weather","arguments":${args}}}]}`,
          ),
          ollamaAnswer(`{"role":"assistant","content":"${deepArgumentsAnswer}"}`),
        ]),
      }),
  },
];

/** A `fetch` that gives each request the next of `bodies`, as a streamed response. */
function answerInTurn(bodies: Array<{ text: string; contentType: string }>): typeof globalThis.fetch {
  let next = 0;
  return () => {
    const body = bodies[next++];
    if (body === undefined) return Promise.reject(new Error('No answer left for this request.'));
    return Promise.resolve(new Response(body.text, { headers: { 'content-type': body.contentType } }));
  };
}

function geminiAnswer(part: string) {
  return {
    text: `data: {"responseId":"r1","candidates":[{"content":{"role":"model","parts":[${part}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":5}}\r\n\r\n`,
    contentType: 'text/event-stream',
  };
}

/** An Anthropic stream event as the API frames it. */
const anthropicEvent = (json: string) =>
  `event: ${(JSON.parse(json) as { type: string }).type}\ndata: ${json}\n\n`;

/** A whole Anthropic answer `id` whose blocks are these events (the first block's stop added), then its end. */
function anthropicMessage(id: string, blocks: string[], stopReason: string) {
  return {
    text: [
      `{"type":"message_start","message":{"id":"${id}","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":1}}}`,
      ...blocks,
      '{"type":"content_block_stop","index":0}',
      `{"type":"message_delta","delta":{"stop_reason":"${stopReason}","stop_sequence":null},"usage":{"output_tokens":5}}`,
      '{"type":"message_stop"}',
    ]
      .map(anthropicEvent)
      .join(''),
    contentType: 'text/event-stream',
  };
}

/** An Anthropic model with threads whose first answer is a tool_use block started by `blockEvents`, then text. */
function anthropicAnswering(...blockEvents: string[]): Model {
  return anthropic({
    model: 'claude-sonnet-4-6',
    apiKey: 'test-key',
    maxRetries: 0,
    threads: true,
    fetch: answerInTurn([
      anthropicMessage('msg_deep', blockEvents, 'tool_use'),
      anthropicMessage(
        'msg_text',
        [
          '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
          `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"${deepArgumentsAnswer}"}}`,
        ],
        'end_turn',
      ),
    ]),
  });
}

function ollamaAnswer(message: string) {
  return {
    text: `{"model":"llama3.2","created_at":"2026-01-01T00:00:00Z","message":${message},"done":false}\n{"model":"llama3.2","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":5,"eval_count":5}\n`,
    contentType: 'application/x-ndjson',
  };
}

describe.each(wires)('runToolLoop through $name, against arguments nested too deep', ({ model }) => {
  it.each([
    ['objects nested 129 deep (one past the limit)', nestObjects(129)],
    ['objects nested 5,000 deep', nestObjects(5000)],
    ['arrays nested 5,000 deep, inside an object', `{"city":${nestArrays(5000)}}`],
    ['objects nested 100,000 deep', nestObjects(100_000)],
  ])('answers %s with the error text arguments get, and runs no tool', async (_kind, args) => {
    await runWithDeepArguments(model(args));
  });

  it('runs the tool with arguments nested to the limit itself', async () => {
    const execute = vi.fn(() => 'Sunny');
    const depth128 = `{"city":"Paris","deep":${nestObjects(127)}}`;
    const tool = defineTool({
      name: 'get_weather',
      inputSchema: z.object({ city: z.string(), deep: z.unknown() }),
      execute,
    });

    const result = await runToolLoop({
      model: model(depth128),
      prompt: 'Weather?',
      tools: [tool],
      statusMessages: 'off',
    }).result;

    expect(result.toolCalls).toMatchObject([{ isError: false }]);
    expect(execute).toHaveBeenCalledWith(expect.objectContaining({ city: 'Paris' }), expect.anything());
  });
});

describe('runToolLoop through Anthropic with threads, against a server block nested too deep', () => {
  it('answers, instead of failing while it keeps the reply to continue from', async () => {
    const fetch = answerInTurn([
      anthropicMessage(
        'msg_deep',
        [
          `{"type":"content_block_start","index":0,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":${nestObjects(5000)}}}`,
          '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}',
          '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Found it."}}',
          '{"type":"content_block_stop","index":1}',
        ],
        'end_turn',
      ),
    ]);
    const model = anthropic({
      model: 'claude-sonnet-4-6',
      apiKey: 'test-key',
      maxRetries: 0,
      threads: true,
      fetch,
    });

    const result = await runToolLoop({ model, prompt: 'Search the web.', statusMessages: 'off' }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Found it.' });
  });
});
