import type { ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createOpenAIChunk as chunk, createOpenAIUsageChunk } from '../../test/support/openai-wire.js';
import { parseOpenAIStream, type OpenAIChunk } from './parse-openai-stream.js';

async function* toChunks(chunks: unknown[]): AsyncGenerator<OpenAIChunk> {
  for (const item of chunks) yield await Promise.resolve(item as OpenAIChunk);
}

async function parse(chunks: unknown[]): Promise<{ parts: ModelStreamPart[]; error?: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    const signal = new AbortController().signal;
    for await (const part of parseOpenAIStream({ chunks: toChunks(chunks), signal, provider: 'test' }))
      parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}

const toolCall = (entry: Record<string, unknown>) => chunk({ delta: { tool_calls: [entry] } });

// Chat completions name every tool call in its first chunk (with its id); a call that never got a name lost
// that chunk on the way, and a stream with no choice at all carries no answer.
describe('parseOpenAIStream, on a malformed stream', () => {
  it('fails a tool call whose arguments came but whose name never did', async () => {
    const { parts, error } = await parse([
      chunk({ delta: { role: 'assistant', content: '' } }),
      toolCall({ index: 1, function: { arguments: '{"city":' } }),
      toolCall({ index: 1, function: { arguments: '"Paris"}' } }),
      chunk({ finishReason: 'tool_calls' }),
    ]);
    expect(parts).toEqual([]);
    expect(error).toMatchObject({
      name: 'ModelError',
      provider: 'test',
      retryable: true,
      errorType: 'invalid_stream',
      message:
        'The test stream for chatcmpl-test sent tool call 1 without a name: events are missing from the response. Try the request again.',
    });
  });

  it('names the call by its id when it had one', async () => {
    const { error } = await parse([
      toolCall({ index: 0, id: 'call_1', function: { arguments: '{}' } }),
      chunk({ finishReason: 'tool_calls' }),
    ]);
    expect(error).toMatchObject({
      errorType: 'invalid_stream',
      message:
        'The test stream for chatcmpl-test sent tool call 0 (call_1) without a name: events are missing from the response. Try the request again.',
    });
  });

  it('fails a stream with chunks but no choice at all, instead of calling it cut off', async () => {
    const { parts, error } = await parse([
      { id: 'chatcmpl-empty', object: 'chat.completion.chunk', choices: [] },
      createOpenAIUsageChunk(7, 0),
    ]);
    expect(parts).toEqual([]);
    expect(error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'invalid_stream',
      message:
        'The test stream for chatcmpl-empty sent no choices: the response has no answer. Try the request again.',
    });
  });

  it('still calls a stream without any chunk cut off', async () => {
    const { error } = await parse([]);
    expect(error).toMatchObject({
      errorType: 'incomplete_stream',
      message: 'The test stream ended without a finish_reason: the response was cut off.',
    });
  });
});
