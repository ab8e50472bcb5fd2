import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

const recordings = resolve(import.meta.dirname, '../../../../fixtures/real-wire/ollama');

function readRecording(name: string): Record<string, unknown>[] {
  return readFileSync(resolve(recordings, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The fields of an object, of its message and of each tool call, without their values. */
function describeShape(object: Record<string, unknown>): Record<string, string[]> {
  const message = object.message as Record<string, unknown>;
  const calls = (message.tool_calls ?? []) as Record<string, unknown>[];
  return {
    object: Object.keys(object),
    message: Object.keys(message),
    ...(calls[0] === undefined
      ? {}
      : {
          call: Object.keys(calls[0]),
          function: Object.keys(calls[0].function as Record<string, unknown>),
        }),
  };
}

const thinkingAndCalls = readRecording('qwen3.5-thinking-tool-calls.json')[0] ?? {};
const answerAfterResults = readRecording('qwen3.5-answer-after-tool-results.json')[0] ?? {};
const streamedCall = readRecording('llama3.2-tool-call.chunks.jsonl');

const fake = createFakeLlm();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = (await fake.serve()).url;
});
afterAll(() => fake.close());

async function postChat(options: { id: string; steps: LlmStep[]; body: Record<string, unknown> }) {
  fake.script(options.id, { steps: options.steps });
  return fetch(`${baseUrl}/script/${options.id}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'Hi' }], ...options.body }),
  });
}

const thinkingStep: LlmStep = {
  thinking: 'The user wants two files read.',
  toolCalls: [
    { name: 'read_file_content', input: { file_name: 'a.java' } },
    { name: 'read_file_content', input: { file_name: 'b.java' } },
  ],
};

describe('POST /api/chat with stream: false', () => {
  it('answers thinking and two tool calls with the fields of the recorded answer', async () => {
    const response = await postChat({ id: 'whole-calls', steps: [thinkingStep], body: { stream: false } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/u);
    const body = (await response.json()) as Record<string, unknown>;
    expect(describeShape(body)).toEqual(describeShape(thinkingAndCalls));
    expect(body.message).toEqual({
      role: 'assistant',
      content: '',
      thinking: 'The user wants two files read.',
      tool_calls: [
        {
          id: 'call_fake_whole-calls_1_1',
          function: { index: 0, name: 'read_file_content', arguments: { file_name: 'a.java' } },
        },
        {
          id: 'call_fake_whole-calls_1_2',
          function: { index: 1, name: 'read_file_content', arguments: { file_name: 'b.java' } },
        },
      ],
    });
  });

  it('answers text with the fields of the recorded answer', async () => {
    const response = await postChat({
      id: 'whole-text',
      steps: [{ text: 'Both read.' }],
      body: { stream: false },
    });
    expect(describeShape((await response.json()) as Record<string, unknown>)).toEqual(
      describeShape(answerAfterResults),
    );
  });
});

describe("a step's cache counts on /api/chat", () => {
  it('count in prompt_eval_count as Ollama evaluated them: the writes, not the reads, in no field of their own', async () => {
    const usage = { inputTokens: 40, outputTokens: 12, cacheReadTokens: 300, cacheWriteTokens: 25 };
    const whole = await postChat({
      id: 'cache',
      steps: [{ text: 'Both read.', usage }],
      body: { stream: false },
    });
    const body = (await whole.json()) as Record<string, unknown>;
    expect(describeShape(body)).toEqual(describeShape(answerAfterResults));
    expect([body.prompt_eval_count, body.eval_count]).toEqual([65, 12]);
    const streamed = await postChat({
      id: 'cache-stream',
      steps: [{ text: 'Both read.', usage: { ...usage, cacheWriteTokens: 0 } }],
      body: {},
    });
    const final = JSON.parse((await streamed.text()).trimEnd().split('\n').at(-1) ?? '{}') as Record<
      string,
      unknown
    >;
    expect([final.prompt_eval_count, final.eval_count]).toEqual([40, 12]);
  });
});

describe('POST /api/chat streamed (the default)', () => {
  it('sends NDJSON: thinking deltas, each call whole, then the final object of the recordings', async () => {
    const response = await postChat({ id: 'stream-calls', steps: [thinkingStep], body: {} });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const text = await response.text();
    expect(text.endsWith('\n')).toBe(true);
    const objects = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const messages = objects.map((object) => object.message as { thinking?: string });
    expect(messages.map((message) => message.thinking ?? '').join('')).toBe('The user wants two files read.');
    const callObjects = objects.filter((object) => (object.message as { tool_calls?: unknown }).tool_calls);
    expect(callObjects).toHaveLength(2);
    // A streamed call is the recorded one (llama3.2) with the id and index every current server adds.
    const { call, function: fields, ...rest } = describeShape(callObjects[0] ?? {});
    const recordedShape = describeShape(streamedCall[0] ?? {});
    expect(rest).toEqual({ object: recordedShape.object, message: recordedShape.message });
    expect([call, fields]).toEqual([
      describeShape(thinkingAndCalls).call,
      describeShape(thinkingAndCalls).function,
    ]);
    const final = objects.at(-1) ?? {};
    expect(new Set(Object.keys(final))).toEqual(new Set(Object.keys(streamedCall[1] ?? {})));
    expect(Object.keys(final)).toEqual(Object.keys(thinkingAndCalls));
    expect([
      final.done,
      final.done_reason,
      objects.slice(0, -1).every((object) => object.done === false),
    ]).toEqual([true, 'stop', true]);
  });

  it('ends a step stopped at max_tokens with done_reason length', async () => {
    const response = await postChat({
      id: 'stream-length',
      steps: [{ text: 'Cut', stopReason: 'max_tokens' }],
      body: {},
    });
    const final = JSON.parse((await response.text()).trimEnd().split('\n').at(-1) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(final.done_reason).toBe('length');
  });

  it('replays a recorded stream line for line', async () => {
    const response = await postChat({
      id: 'replay',
      steps: [{ replay: resolve(recordings, 'llama3.2-tool-call.chunks.jsonl') }],
      body: {},
    });
    expect(await response.text()).toBe(
      readFileSync(resolve(recordings, 'llama3.2-tool-call.chunks.jsonl'), 'utf8'),
    );
  });

  it("answers an error step in Ollama's shape", async () => {
    const response = await postChat({
      id: 'error',
      steps: [{ error: { status: 500, message: 'llama runner process has terminated' } }],
      body: {},
    });
    expect([response.status, await response.json()]).toEqual([
      500,
      { error: 'llama runner process has terminated' },
    ]);
  });
});
