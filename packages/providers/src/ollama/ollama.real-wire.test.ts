import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ollama } from './ollama.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';

const fixtures = resolve(import.meta.dirname, '../../test/fixtures/ollama');

/** A model whose requests get a recorded answer, as Ollama's server sends it (NDJSON), and the bodies sent. */
function replay(name: string, model = 'qwen3.5:35b') {
  const text = readFileSync(resolve(fixtures, name), 'utf8');
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = (_input, init) => {
    bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    return Promise.resolve(new Response(text, { headers: { 'content-type': 'application/x-ndjson' } }));
  };
  return { model: ollama({ model, host: 'http://ollama.test:11434', fetch }), bodies };
}

describe('the Ollama provider replaying real answers', () => {
  it('reads thinking and two tool calls with their ids (qwen3.5, answered whole)', async () => {
    const { model } = replay('qwen3.5-thinking-tool-calls.json');
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    const thinking = parts.find((part) => part.type === 'thinking');
    expect(thinking?.type === 'thinking' && thinking.text).toMatch(
      /^The user wants me to read two Java files/u,
    );
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      {
        type: 'tool-call',
        id: 'call_trmym6vj',
        name: 'read_file_content',
        input: {
          file_name:
            'com.chabicht.code-intelligence/src/com/chabicht/code_intelligence/apiclient/OllamaApiClient.java',
        },
      },
      {
        type: 'tool-call',
        id: 'call_24957ol8',
        name: 'read_file_content',
        input: {
          file_name:
            'com.chabicht.code-intelligence/src/com/chabicht/code_intelligence/apiclient/OpenAiApiClient.java',
        },
      },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'tool_calls',
      rawFinishReason: 'stop',
      usage: { inputTokens: 557, outputTokens: 213 },
      providerData: { model: 'qwen3.5:35b' },
    });
  });

  it('reads a streamed tool call that has no id, giving it one from the answer (llama3.2)', async () => {
    const { model } = replay('llama3.2-tool-call.chunks.jsonl', 'llama3.2');
    const { parts } = await collectStream({ model, request: createModelRequest() });
    expect(parts).toEqual([
      {
        type: 'tool-call',
        id: 'call_ollama_20250707T20221919314Z_1',
        name: 'get_weather',
        input: { city: 'Tokyo' },
      },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'stop',
        usage: { inputTokens: 169, outputTokens: 15 },
        providerData: { model: 'llama3.2' },
      },
    ]);
  });

  it('reads a text stream from a server that sends no done_reason as a normal end', async () => {
    const { model } = replay('llama3.2-text.chunks.jsonl', 'llama3.2');
    const { parts } = await collectStream({ model, request: createModelRequest() });
    expect(parts).toEqual([
      { type: 'text-delta', text: 'The' },
      { type: 'text', text: 'The' },
      {
        type: 'finish',
        finishReason: 'end',
        rawFinishReason: 'stop',
        usage: { inputTokens: 26, outputTokens: 282 },
        providerData: { model: 'llama3.2' },
      },
    ]);
  });

  it('answers the tool results with the recorded second answer, having sent the thinking back', async () => {
    const first = replay('qwen3.5-thinking-tool-calls.json');
    const firstParts = (await collectStream({ model: first.model, request: createModelRequest() })).parts;
    const content = firstParts.filter(
      (part) => part.type === 'thinking' || part.type === 'tool-call' || part.type === 'text',
    );
    const second = replay('qwen3.5-answer-after-tool-results.json');
    const { parts } = await collectStream({
      model: second.model,
      request: createModelRequest({
        messages: [
          { role: 'user', content: 'Read both files.' },
          { role: 'assistant', content },
          {
            role: 'tool',
            content: ['call_trmym6vj', 'call_24957ol8'].map((toolCallId) => ({
              type: 'tool-result',
              toolCallId,
              toolName: 'read_file_content',
              output: { content: [{ type: 'text', text: 'stub' }] },
              isError: false,
            })),
          },
        ],
      }),
    });
    expect(parts.find((part) => part.type === 'text')).toMatchObject({
      text: expect.stringMatching(/^I have successfully read both files/u) as unknown,
    });
    const messages = (second.bodies[0] as { messages: Record<string, unknown>[] }).messages;
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      content: '',
      thinking: expect.stringMatching(/^The user wants me to read two Java files/u) as unknown,
      tool_calls: [{ id: 'call_trmym6vj' }, { id: 'call_24957ol8' }],
    });
    expect(messages.slice(2)).toEqual([
      { role: 'tool', content: 'stub', tool_name: 'read_file_content', tool_call_id: 'call_trmym6vj' },
      { role: 'tool', content: 'stub', tool_name: 'read_file_content', tool_call_id: 'call_24957ol8' },
    ]);
  });
});
