import { describe, expect, it } from 'vitest';
import type { ChatCompletionsAnswer } from './chat-completions-answer.js';
import { resolveChatCompletionsQuirks, type ChatCompletionsQuirks } from './chat-completions-dialect.js';
import { createChatCompletionChunks } from './create-chat-completion-chunks.js';

function createAnswer(overrides: Partial<ChatCompletionsAnswer> = {}): ChatCompletionsAnswer {
  return {
    id: 'chatcmpl-fake-unit_1',
    model: 'gpt-test',
    created: 1,
    reasoning: undefined,
    content: [],
    toolCalls: [],
    finishReason: 'stop',
    usage: { promptTokens: 10, completionTokens: 5 },
    ...overrides,
  };
}

/** The chunks' JSON payloads (without `[DONE]`), and whether the stream ended with `[DONE]`. */
function createPayloads(options: {
  answer: ChatCompletionsAnswer;
  quirks?: Partial<ChatCompletionsQuirks>;
  includeUsage?: boolean;
}): Array<Record<string, unknown>> {
  const { chunks } = createChatCompletionChunks({
    answer: options.answer,
    quirks: resolveChatCompletionsQuirks({ quirks: options.quirks }),
    includeUsage: options.includeUsage ?? false,
  });
  expect(chunks.at(-1)).toBe('data: [DONE]\n\n');
  return chunks.slice(0, -1).map((chunk) => {
    expect(chunk).toMatch(/^data: \{.*\}\n\n$/su);
    return JSON.parse(chunk.slice('data: '.length)) as Record<string, unknown>;
  });
}

/** Each chunk's delta (or `usage` for a chunk without choices). */
function toDeltas(payloads: Array<Record<string, unknown>>): unknown[] {
  return payloads.map((payload) => {
    const choices = payload.choices as Array<{ delta: unknown; finish_reason: unknown }>;
    return choices[0] === undefined ? { usage: payload.usage } : choices[0].delta;
  });
}

const weatherCall = { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris","units":"celsius"}' };

describe('createChatCompletionChunks', () => {
  it('frames text like the real API: role first, content in pieces, finish, [DONE]', () => {
    const payloads = createPayloads({
      answer: createAnswer({ content: [{ type: 'text', text: 'It is sunny in Paris today.' }] }),
    });
    expect(payloads[0]).toEqual({
      id: 'chatcmpl-fake-unit_1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-test',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
    });
    expect(toDeltas(payloads)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'It is sunny' },
      { content: ' in Paris today.' },
      {},
    ]);
    expect(payloads.at(-1)?.choices).toEqual([
      { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' },
    ]);
  });

  it('streams a tool call as id and name with empty arguments, then argument fragments', () => {
    const payloads = createPayloads({
      answer: createAnswer({ toolCalls: [weatherCall], finishReason: 'tool_calls' }),
    });
    expect(toDeltas(payloads)).toEqual([
      { role: 'assistant', content: '' },
      {
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"city":"Par' } }] },
      { tool_calls: [{ index: 0, function: { arguments: 'is","units":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"celsius"}' } }] },
      {},
    ]);
  });

  it('sends reasoning in the field the quirks name, and none by default (OpenAI sends none)', () => {
    const answer = createAnswer({ reasoning: 'Paris first.' });
    expect(toDeltas(createPayloads({ answer }))).toEqual([{ role: 'assistant', content: '' }, {}]);
    expect(toDeltas(createPayloads({ answer, quirks: { reasoningField: 'reasoning_content' } }))[1]).toEqual({
      reasoning_content: 'Paris first.',
    });
    expect(toDeltas(createPayloads({ answer, quirks: { reasoningField: 'reasoning' } }))[1]).toEqual({
      reasoning: 'Paris first.',
    });
  });

  it('adds usage: null to every chunk and a trailing usage chunk when the request asks for usage', () => {
    const payloads = createPayloads({ answer: createAnswer(), includeUsage: true });
    expect(payloads.slice(0, -1).map((payload) => payload.usage)).toEqual([null, null]);
    expect(payloads.at(-1)).toEqual({
      id: 'chatcmpl-fake-unit_1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-test',
      choices: [],
      usage: {
        prompt_tokens: 10,
        completion_tokens: 5,
        total_tokens: 15,
        // As OpenAI reports it: the cache's reads every time, 0 included.
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      },
    });
  });

  it('reports the cache as the dialect does: DeepSeek beside the details, Ollama not at all', () => {
    const answer = { ...createAnswer(), usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 6 } };
    expect(
      createPayloads({ answer, includeUsage: true, quirks: { cacheUsage: 'deepseek' } }).at(-1)?.usage,
    ).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 6 },
      prompt_cache_hit_tokens: 6,
      prompt_cache_miss_tokens: 4,
    });
    expect(
      createPayloads({ answer, includeUsage: true, quirks: { cacheUsage: 'none' } }).at(-1)?.usage,
    ).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  });

  it('sends no usage when the request does not ask for it', () => {
    const payloads = createPayloads({ answer: createAnswer() });
    expect(payloads.some((payload) => 'usage' in payload)).toBe(false);
  });

  it('puts usage in the finish chunk with usage: finish-chunk, asked for or not', () => {
    const payloads = createPayloads({ answer: createAnswer(), quirks: { usage: 'finish-chunk' } });
    expect(payloads).toHaveLength(2);
    expect(payloads[1]).toMatchObject({
      choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  });

  it('numbers tool calls from 1, or leaves the index out, as configured', () => {
    const answer = createAnswer({ toolCalls: [weatherCall, { ...weatherCall, id: 'call_2' }] });
    const indexes = (quirks: Partial<ChatCompletionsQuirks>) =>
      createPayloads({ answer, quirks: { ...quirks, toolCallArguments: 'whole' } }).flatMap((payload) => {
        const choices = payload.choices as Array<{ delta: { tool_calls?: Array<{ index?: number }> } }>;
        return (choices[0]?.delta.tool_calls ?? []).map((call) => ('index' in call ? call.index : 'absent'));
      });
    expect(indexes({ toolCallIndexes: 'from-0' })).toEqual([0, 1]);
    expect(indexes({ toolCallIndexes: 'from-1' })).toEqual([1, 2]);
    expect(indexes({ toolCallIndexes: 'absent' })).toEqual(['absent', 'absent']);
  });

  it('sends every call whole in one chunk with toolCallArguments: whole', () => {
    const answer = createAnswer({ toolCalls: [weatherCall, { id: 'call_2', name: 'now', arguments: '{}' }] });
    expect(toDeltas(createPayloads({ answer, quirks: { toolCallArguments: 'whole' } }))[1]).toEqual({
      tool_calls: [
        {
          index: 0,
          id: 'call_1',
          type: 'function',
          function: { name: 'get_weather', arguments: weatherCall.arguments },
        },
        { index: 1, id: 'call_2', type: 'function', function: { name: 'now', arguments: '{}' } },
      ],
    });
  });

  it('repeats type and an empty name on continuation chunks with continuationChunks: repeat-type', () => {
    const answer = createAnswer({ toolCalls: [{ id: 'call_1', name: 'a', arguments: '{"q":1}' }] });
    expect(toDeltas(createPayloads({ answer, quirks: { continuationChunks: 'repeat-type' } }))[2]).toEqual({
      tool_calls: [{ index: 0, type: 'function', function: { name: '', arguments: '{"q":1}' } }],
    });
  });

  it('sends {} for a call without arguments, or nothing with emptyArguments: empty-string', () => {
    const answer = createAnswer({ toolCalls: [{ id: 'call_1', name: 'now', arguments: '{}' }] });
    expect(toDeltas(createPayloads({ answer }))[2]).toEqual({
      tool_calls: [{ index: 0, function: { arguments: '{}' } }],
    });
    const withoutArguments = toDeltas(createPayloads({ answer, quirks: { emptyArguments: 'empty-string' } }));
    expect(withoutArguments).toEqual([
      { role: 'assistant', content: '' },
      {
        tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'now', arguments: '' } }],
      },
      {},
    ]);
  });

  it('starts each XML tool block in a chunk of its own and says where, in events and bytes', () => {
    const answer = createAnswer({
      content: [
        { type: 'text', text: 'Looking it up.' },
        { type: 'text', text: '\n' },
        { type: 'xml-tool-block', text: '<tool:search><param:q>café au lait</param:q></tool:search>' },
        { type: 'text', text: '\n' },
        { type: 'xml-tool-block', text: '<tool:read><param:path>a.txt</param:path></tool:read>' },
      ],
    });
    const { chunks, xmlToolBlockStarts } = createChatCompletionChunks({
      answer,
      quirks: resolveChatCompletionsQuirks({}),
      includeUsage: false,
    });
    const body = Buffer.from(chunks.join(''));
    expect(xmlToolBlockStarts).toHaveLength(2);
    for (const [index, start] of xmlToolBlockStarts.entries()) {
      const before = Buffer.byteLength(chunks.slice(0, start.eventIndex).join(''));
      expect(start.byteOffset).toBeGreaterThan(before);
      expect(body.subarray(start.byteOffset, start.byteOffset + 6).toString()).toBe('<tool:');
      expect(chunks[start.eventIndex]).toContain(
        index === 0 ? '"content":"<tool:search>"' : '"content":"<tool:read>"',
      );
    }
    const content = chunks
      .slice(0, -1)
      .map((chunk) => JSON.parse(chunk.slice(6)) as { choices: Array<{ delta: { content?: string } }> })
      .map((payload) => payload.choices[0]?.delta.content ?? '')
      .join('');
    expect(content).toBe(answer.content.map((segment) => segment.text).join(''));
  });
});
