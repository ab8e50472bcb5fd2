import { ModelError, type ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createOpenAIChunk, createOpenAIUsageChunk } from '../../test/support/openai-wire.js';
import { parseOpenAIStream, type OpenAIChunk } from './parse-openai-stream.js';

async function* toChunks(chunks: unknown[]): AsyncGenerator<OpenAIChunk> {
  for (const chunk of chunks) yield await Promise.resolve(chunk as OpenAIChunk);
}

async function parse(
  chunks: unknown[],
  signal = new AbortController().signal,
): Promise<{ parts: ModelStreamPart[]; error?: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of parseOpenAIStream({ chunks: toChunks(chunks), signal, provider: 'test' }))
      parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}

const chunk = createOpenAIChunk;
const toolCall = (entry: Record<string, unknown>) => chunk({ delta: { tool_calls: [entry] } });

describe('parseOpenAIStream', () => {
  it('yields text deltas, the whole text, and a finish with the usage of a trailing chunk', async () => {
    const { parts } = await parse([
      chunk({ delta: { role: 'assistant', content: '' } }),
      chunk({ delta: { content: 'Hel' } }),
      chunk({ delta: { content: 'lo' } }),
      chunk({ finishReason: 'stop' }),
      createOpenAIUsageChunk(7, 2),
    ]);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'text', text: 'Hello' },
      {
        type: 'finish',
        finishReason: 'end',
        rawFinishReason: 'stop',
        usage: { inputTokens: 7, outputTokens: 2 },
        providerData: { responseId: 'chatcmpl-test', model: 'test-model' },
      },
    ]);
  });

  it('records which field the reasoning came in, and closes thinking when text begins', async () => {
    const { parts } = await parse([
      chunk({ delta: { reasoning: 'Think' } }),
      chunk({ delta: { reasoning: 'ing.' } }),
      chunk({ delta: { content: 'Done.' } }),
      chunk({ finishReason: 'stop' }),
    ]);
    expect(parts.slice(0, 5)).toEqual([
      { type: 'thinking-delta', text: 'Think' },
      { type: 'thinking-delta', text: 'ing.' },
      { type: 'thinking', text: 'Thinking.', providerData: { field: 'reasoning' } },
      { type: 'text-delta', text: 'Done.' },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('reads reasoning once when a server repeats it in both fields', async () => {
    const { parts } = await parse([
      chunk({ delta: { reasoning_content: 'Hmm.', reasoning: 'Hmm.' } }),
      chunk({ finishReason: 'stop' }),
    ]);
    expect(parts.slice(0, 2)).toEqual([
      { type: 'thinking-delta', text: 'Hmm.' },
      { type: 'thinking', text: 'Hmm.', providerData: { field: 'reasoning_content' } },
    ]);
  });

  it('accumulates parallel tool calls by index, whatever order their fragments come in', async () => {
    const { parts } = await parse([
      toolCall({
        index: 0,
        id: 'call_a',
        type: 'function',
        function: { name: 'search', arguments: '{"q":' },
      }),
      toolCall({ index: 1, id: 'call_b', type: 'function', function: { name: 'read', arguments: '' } }),
      toolCall({ index: 1, type: 'function', function: { name: '', arguments: '{"path":"a"}' } }),
      toolCall({ index: 0, function: { arguments: '"x"}' } }),
      chunk({ finishReason: 'tool_calls', usage: { prompt_tokens: 3, completion_tokens: 4 } }),
    ]);
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'search', input: { q: 'x' } },
      { type: 'tool-call', id: 'call_b', name: 'read', input: { path: 'a' } },
      expect.objectContaining({
        type: 'finish',
        finishReason: 'tool_calls',
        usage: { inputTokens: 3, outputTokens: 4 },
      }),
    ]);
  });

  it('reads empty arguments as {} and keeps invalid JSON as rawInput with an inputError', async () => {
    const { parts } = await parse([
      toolCall({ index: 0, id: 'call_a', function: { name: 'now', arguments: '' } }),
      toolCall({ index: 1, id: 'call_b', function: { name: 'search', arguments: '{"q": nope}' } }),
      chunk({ finishReason: 'tool_calls' }),
    ]);
    expect(parts[0]).toEqual({ type: 'tool-call', id: 'call_a', name: 'now', input: {} });
    expect(parts[1]).toMatchObject({
      type: 'tool-call',
      id: 'call_b',
      name: 'search',
      input: {},
      rawInput: '{"q": nope}',
      inputError: expect.stringMatching(/^the arguments are not valid JSON/) as unknown,
    });
  });

  it('starts a new call for a new id at an index whose call is complete (servers that number every call 0)', async () => {
    const { parts } = await parse([
      toolCall({ index: 0, id: 'call_a', function: { name: 'search', arguments: '{"q":"a"}' } }),
      toolCall({ index: 0, id: 'call_b', function: { name: 'search', arguments: '{"q":"b"}' } }),
      chunk({ finishReason: 'tool_calls' }),
    ]);
    expect(parts.slice(0, 2)).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'search', input: { q: 'a' } },
      { type: 'tool-call', id: 'call_b', name: 'search', input: { q: 'b' } },
    ]);
  });

  it('continues a call without index by its id, or the last call when there is no id', async () => {
    const { parts } = await parse([
      toolCall({ id: 'call_a', function: { name: 'search', arguments: '{"q":' } }),
      toolCall({ function: { arguments: '"a"}' } }),
      toolCall({ id: 'call_b', function: { name: 'read', arguments: '{}' } }),
      chunk({ finishReason: 'tool_calls' }),
    ]);
    expect(parts.slice(0, 2)).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'search', input: { q: 'a' } },
      { type: 'tool-call', id: 'call_b', name: 'read', input: {} },
    ]);
  });

  it('gives a call that came without an id one of its own, unique across responses', async () => {
    const response = [
      toolCall({ index: 0, function: { name: 'now', arguments: '{}' } }),
      toolCall({ index: 1, function: { name: 'now', arguments: '{}' } }),
      chunk({ finishReason: 'tool_calls' }),
    ];
    const ids = [...(await parse(response)).parts, ...(await parse(response)).parts].flatMap((part) =>
      part.type === 'tool-call' ? [part.id] : [],
    );

    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]{12}_[01]$/);
  });

  it('drops a tool call cut off by the output limit, with a warning, and keeps complete ones', async () => {
    const { parts } = await parse([
      chunk({ delta: { content: 'Writing.' } }),
      toolCall({ index: 0, id: 'call_a', function: { name: 'note', arguments: '{"text":"short"}' } }),
      toolCall({ index: 1, id: 'call_b', function: { name: 'make_file', arguments: '{"filename":"tax' } }),
      chunk({ finishReason: 'length' }),
    ]);
    expect(parts.slice(1)).toEqual([
      { type: 'text', text: 'Writing.' },
      { type: 'tool-call', id: 'call_a', name: 'note', input: { text: 'short' } },
      {
        type: 'warning',
        code: 'incomplete_tool_call',
        message:
          "The response hit its output limit before the arguments of tool call 'make_file' (call_b) were complete; the call was dropped and will not run.",
      },
      expect.objectContaining({ type: 'finish', finishReason: 'max_tokens', rawFinishReason: 'length' }),
    ]);
  });

  it('drops a tool call with no arguments yet when the output limit cut it off', async () => {
    const { parts } = await parse([
      toolCall({ index: 0, id: 'call_a', function: { name: 'now', arguments: '' } }),
      chunk({ finishReason: 'length' }),
    ]);
    expect(parts.map((part) => part.type)).toEqual(['warning', 'finish']);
  });

  it('turns a refusal into text and the finish into refusal', async () => {
    const { parts } = await parse([
      chunk({ delta: { content: null, refusal: "I can't help with that." } }),
      chunk({ finishReason: 'stop' }),
    ]);
    expect(parts.slice(1)).toEqual([
      { type: 'text', text: "I can't help with that." },
      expect.objectContaining({ type: 'finish', finishReason: 'refusal', rawFinishReason: 'stop' }),
    ]);
  });

  it("reads usage from Groq's x_groq when the chunk has no usage of its own", async () => {
    const { parts } = await parse([
      {
        ...chunk({ delta: { content: 'x' }, finishReason: 'stop' }),
        x_groq: { usage: { prompt_tokens: 9, completion_tokens: 1 } },
      },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', usage: { inputTokens: 9, outputTokens: 1 } });
  });

  it('keeps an unknown finish reason raw, as other', async () => {
    const { parts } = await parse([chunk({ delta: { content: 'x' } }), chunk({ finishReason: 'eos' })]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'other', rawFinishReason: 'eos' });
  });

  it('reads only the first choice', async () => {
    const { parts } = await parse([
      {
        id: 'chatcmpl-test',
        choices: [
          { index: 1, delta: { content: 'second' }, finish_reason: null },
          { index: 0, delta: { content: 'first' }, finish_reason: null },
        ],
      },
      chunk({ finishReason: 'stop' }),
    ]);
    expect(parts.filter((part) => part.type === 'text')).toEqual([{ type: 'text', text: 'first' }]);
  });

  it('ends a stream without finish_reason with a retryable ModelError', async () => {
    const { parts, error } = await parse([chunk({ delta: { content: 'Cut' } })]);
    expect(parts).toEqual([{ type: 'text-delta', text: 'Cut' }]);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: true,
      errorType: 'incomplete_stream',
      provider: 'test',
      message: 'The test stream for chatcmpl-test ended without a finish_reason: the response was cut off.',
    });
  });

  it('ends with the abort reason when the signal aborted and the stream ended quietly', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    const { error } = await parse(
      [chunk({ delta: { content: 'Cut' } }), chunk({ finishReason: 'stop' })],
      controller.signal,
    );
    expect(error).toBe(reason);
  });
});

describe('parseOpenAIStream with very many tool calls', () => {
  const count = 200_000;
  const calls = (withIndex: boolean) =>
    Array.from({ length: count }, (_unused, index) => ({
      ...(withIndex ? { index } : {}),
      id: `call_${index}`,
      function: { name: 'echo', arguments: `{"n":${index}}` },
    }));

  it.each([
    ['numbered by index', true],
    ['without index (each new id starts a call)', false],
  ])('reads an answer of 200,000 tool calls in one chunk, %s', async (_label, withIndex) => {
    const { parts, error } = await parse([
      chunk({ delta: { tool_calls: calls(withIndex) } }),
      chunk({ finishReason: 'tool_calls' }),
    ]);
    expect(error).toBeUndefined();
    const toolCalls = parts.filter((part) => part.type === 'tool-call');
    expect(toolCalls).toHaveLength(count);
    expect(toolCalls.at(-1)).toMatchObject({ id: `call_${count - 1}`, input: { n: count - 1 } });
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
  });
});
