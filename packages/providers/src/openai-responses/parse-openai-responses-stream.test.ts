import { ModelError, type ModelStreamPart } from '@toolloop/core';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { parseOpenAIResponsesStream } from './parse-openai-responses-stream.js';

/** A Responses API event, loosely typed: the tests name only the fields the parser reads. */
type LooseEvent = { type: string } & Record<string, unknown>;

function response(fields: Record<string, unknown> = {}) {
  return { id: 'resp_1', model: 'gpt-5-mini', output: [], usage: null, incomplete_details: null, ...fields };
}

async function parse(
  events: LooseEvent[],
  signal = new AbortController().signal,
): Promise<{ parts: ModelStreamPart[]; error?: unknown }> {
  async function* stream() {
    for (const event of events) yield event as unknown as ResponseStreamEvent;
  }
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of parseOpenAIResponsesStream({
      events: stream(),
      signal,
      provider: 'openai',
      modelId: 'gpt-5-mini',
      apiKey: 'sk-proj-0123456789abcdefghijklmnop',
    }))
      parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}

const created: LooseEvent = { type: 'response.created', response: response() };
const callAdded: LooseEvent = {
  type: 'response.output_item.added',
  output_index: 0,
  item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'make_file', arguments: '' },
};

describe('parseOpenAIResponsesStream', () => {
  it('drops a function call cut off by the output limit, with a warning, and ends with max_tokens', async () => {
    const { parts } = await parse([
      created,
      callAdded,
      {
        type: 'response.function_call_arguments.delta',
        output_index: 0,
        item_id: 'fc_1',
        delta: '{"name":"tax',
      },
      {
        type: 'response.incomplete',
        response: response({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }),
      },
    ]);
    expect(parts).toEqual([
      {
        type: 'warning',
        code: 'incomplete_tool_call',
        message:
          "The response ended before the arguments of tool call 'make_file' (call_1) were complete; the call was dropped and will not run.",
      },
      expect.objectContaining({
        type: 'finish',
        finishReason: 'max_tokens',
        rawFinishReason: 'max_output_tokens',
      }),
    ]);
  });

  it('ends a response the content filter stopped with refusal', async () => {
    const { parts } = await parse([
      created,
      {
        type: 'response.incomplete',
        response: response({ status: 'incomplete', incomplete_details: { reason: 'content_filter' } }),
      },
    ]);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: 'refusal',
      rawFinishReason: 'content_filter',
    });
  });

  it('turns a refusal into text and the finish into refusal', async () => {
    const { parts } = await parse([
      created,
      { type: 'response.refusal.delta', output_index: 0, delta: "I can't help with that." },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [{ type: 'refusal', refusal: "I can't help with that." }],
        },
      },
      { type: 'response.completed', response: response({ status: 'completed' }) },
    ]);
    expect(parts).toEqual([
      { type: 'text-delta', text: "I can't help with that." },
      { type: 'text', text: "I can't help with that.", providerData: { itemId: 'msg_1' } },
      expect.objectContaining({ type: 'finish', finishReason: 'refusal', rawFinishReason: 'completed' }),
    ]);
  });

  it('joins reasoning summary parts with a blank line, in the deltas and in the thinking part', async () => {
    const item = {
      id: 'rs_1',
      type: 'reasoning',
      summary: [
        { type: 'summary_text', text: 'First.' },
        { type: 'summary_text', text: 'Second.' },
      ],
    };
    const { parts } = await parse([
      created,
      { type: 'response.reasoning_summary_part.added', output_index: 0, summary_index: 0 },
      { type: 'response.reasoning_summary_text.delta', output_index: 0, summary_index: 0, delta: 'First.' },
      { type: 'response.reasoning_summary_part.added', output_index: 0, summary_index: 1 },
      { type: 'response.reasoning_summary_text.delta', output_index: 0, summary_index: 1, delta: 'Second.' },
      { type: 'response.output_item.done', output_index: 0, item },
      { type: 'response.completed', response: response({ status: 'completed' }) },
    ]);
    expect(parts.slice(0, 4)).toEqual([
      { type: 'thinking-delta', text: 'First.' },
      { type: 'thinking-delta', text: '\n\n' },
      { type: 'thinking-delta', text: 'Second.' },
      { type: 'thinking', text: 'First.\n\nSecond.', providerData: { item } },
    ]);
  });

  it('turns an error event of the documented shape into a ModelError with its code and message', async () => {
    const { error } = await parse([
      created,
      {
        type: 'error',
        code: 'server_error',
        message: 'The server had an error processing your request.',
        param: null,
      },
    ]);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      errorType: 'server_error',
      retryable: true,
      message: expect.stringContaining('The server had an error processing your request.') as unknown,
    });
  });

  it('turns response.failed into a ModelError with its code, the key redacted', async () => {
    const { error } = await parse([
      created,
      {
        type: 'response.failed',
        response: response({
          status: 'failed',
          error: { code: 'server_error', message: 'Failed for key sk-proj-0123456789abcdefghijklmnop.' },
        }),
      },
    ]);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      errorType: 'server_error',
      retryable: true,
      message: 'The response resp_1 of gpt-5-mini failed (server_error): Failed for key [redacted].',
    });
  });

  it('ends a stream cut before response.completed with a retryable ModelError naming the response', async () => {
    const { error } = await parse([
      created,
      { type: 'response.output_text.delta', output_index: 0, delta: 'Cut' },
    ]);
    expect(error).toMatchObject({
      retryable: true,
      errorType: 'incomplete_stream',
      message: 'The openai stream for resp_1 ended before response.completed: the response was cut off.',
    });
  });

  it('ends with the abort reason when the signal aborted and the stream ended quietly', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    const { error } = await parse([created], controller.signal);
    expect(error).toBe(reason);
  });
});
