import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeStreamShape,
  readRecordedResponses,
  type ResponsesStreamEvent,
} from '../../test/openai-responses-fixtures.js';
import { cancelMswResponseCopies } from '../cancel-msw-response-copies.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

const fake = createFakeLlm();
let baseUrl: string;
const model = 'gpt-5';
const calculator = {
  type: 'function',
  name: 'calculator',
  parameters: { type: 'object', properties: { a: { type: 'number' } } },
  strict: false,
};

beforeAll(async () => {
  baseUrl = (await fake.serve()).url;
});
afterAll(() => fake.close());

/** Posts one Responses API request to a new script of the given steps. */
async function postResponses(options: {
  id: string;
  steps: LlmStep[];
  body: Record<string, unknown>;
}): Promise<Response> {
  fake.script(options.id, { steps: options.steps });
  return fetch(`${baseUrl}/script/${options.id}/v1/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, input: 'What is 12 + 7?', ...options.body }),
  });
}

/** The stream's events, checking that each is framed as `event: <type>\ndata: <json>\n\n`. */
async function readEvents(response: Response): Promise<ResponsesStreamEvent[]> {
  const text = await response.text();
  const frames = text.split('\n\n').filter((frame) => frame !== '');
  return frames.map((frame) => {
    const match = /^event: (?<name>[^\n]+)\ndata: (?<data>[^\n]+)$/u.exec(frame);
    expect(match, frame).not.toBeNull();
    const event = JSON.parse(match?.groups?.data ?? '') as ResponsesStreamEvent;
    expect(event.type).toBe(match?.groups?.name);
    return event;
  });
}

const recorded = readRecordedResponses('openai-reasoning-encrypted-content.1.chunks.jsonl');
const reasoningThenCall = recorded[0] ?? [];
const callOnly = recorded[1] ?? [];
const textOnly = recorded[3] ?? [];

describe('POST /v1/responses with stream: true', () => {
  it('streams a text step with the recorded event sequence and fields', async () => {
    const response = await postResponses({
      id: 'stream-text',
      steps: [{ text: 'The final result is 570.' }],
      body: { stream: true, store: false },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/u);
    expect(describeStreamShape(await readEvents(response))).toEqual(describeStreamShape(textOnly));
  });

  it('streams a function call step with the recorded event sequence and fields', async () => {
    const response = await postResponses({
      id: 'stream-call',
      steps: [{ toolCalls: [{ name: 'calculator', input: { a: 19, b: 3, op: 'multiply' } }] }],
      body: { stream: true, store: false, tools: [calculator] },
    });
    expect(describeStreamShape(await readEvents(response))).toEqual(describeStreamShape(callOnly));
  });

  it('streams thinking then a function call as the recorded reasoning item with encrypted content', async () => {
    const response = await postResponses({
      id: 'stream-reasoning',
      steps: [
        {
          thinking: 'I will add 12 and 7 first.',
          toolCalls: [{ name: 'calculator', input: { a: 12, b: 7, op: 'add' } }],
        },
      ],
      body: { stream: true, store: false, tools: [calculator], include: ['reasoning.encrypted_content'] },
    });
    expect(describeStreamShape(await readEvents(response))).toEqual(describeStreamShape(reasoningThenCall));
  });

  it('numbers the events from 0 and sends the text, summary and arguments whole in the done events', async () => {
    const response = await postResponses({
      id: 'stream-content',
      steps: [
        {
          thinking: 'Adding two numbers.',
          text: 'Let me add them.',
          toolCalls: [{ id: 'call_1', name: 'calculator', input: { a: 12 } }],
        },
      ],
      body: { stream: true, tools: [calculator] },
    });
    const events = await readEvents(response);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_event, index) => index));
    const find = (type: string) => events.find((event) => event.type === type);
    const deltas = (type: string) =>
      events
        .filter((event) => event.type === type)
        .map((event) => event.delta)
        .join('');
    expect(deltas('response.reasoning_summary_text.delta')).toBe('Adding two numbers.');
    expect(find('response.reasoning_summary_text.done')?.text).toBe('Adding two numbers.');
    expect(deltas('response.output_text.delta')).toBe('Let me add them.');
    expect(find('response.output_text.done')?.text).toBe('Let me add them.');
    expect(deltas('response.function_call_arguments.delta')).toBe('{"a":12}');
    const completed = find('response.completed')?.response as { output: { type: string }[] };
    expect(completed.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(completed.output[2]).toMatchObject({
      call_id: 'call_1',
      name: 'calculator',
      arguments: '{"a":12}',
    });
  });

  it('ends a max_tokens step with response.incomplete and its reason', async () => {
    const response = await postResponses({
      id: 'stream-incomplete',
      steps: [{ text: 'Cut', stopReason: 'max_tokens' }],
      body: { stream: true },
    });
    const last = (await readEvents(response)).at(-1);
    expect(last?.type).toBe('response.incomplete');
    expect(last?.response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    });
  });
});

describe('POST /v1/responses without stream', () => {
  it('answers a response object with reasoning, message and function_call items and usage', async () => {
    const response = await postResponses({
      id: 'json',
      steps: [
        {
          thinking: 'Adding.',
          text: 'Adding.',
          toolCalls: [{ name: 'calculator', input: { a: 1 } }],
          usage: { inputTokens: 40, outputTokens: 12 },
        },
      ],
      body: { tools: [calculator], include: ['reasoning.encrypted_content'], store: false },
    });
    const body = (await response.json()) as Record<string, unknown> & { output: Record<string, unknown>[] };
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      model,
      incomplete_details: null,
      store: false,
      usage: {
        input_tokens: 40,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 12,
        output_tokens_details: { reasoning_tokens: 2 },
        total_tokens: 52,
      },
    });
    const [reasoning, message, call] = body.output;
    expect(reasoning).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Adding.' }],
    });
    expect(reasoning?.id).toMatch(/^rs_/u);
    expect(typeof reasoning?.encrypted_content).toBe('string');
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Adding.', annotations: [] }],
    });
    expect(message?.id).toMatch(/^msg_/u);
    expect(call).toMatchObject({
      type: 'function_call',
      name: 'calculator',
      arguments: '{"a":1}',
      status: 'completed',
    });
    expect(call?.id).toMatch(/^fc_/u);
    expect(call?.call_id).toMatch(/^call_/u);
  });

  it("counts a step's cache reads and writes in input_tokens and says how many in input_tokens_details", async () => {
    const usage = { inputTokens: 40, outputTokens: 12, cacheReadTokens: 300, cacheWriteTokens: 25 };
    const expected = {
      input_tokens: 365,
      input_tokens_details: { cache_write_tokens: 25, cached_tokens: 300 },
      output_tokens: 12,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 377,
    };
    const whole = await postResponses({ id: 'json-cached', steps: [{ text: 'Done.', usage }], body: {} });
    expect(((await whole.json()) as { usage: unknown }).usage).toEqual(expected);
    const streamed = await postResponses({
      id: 'stream-cached',
      steps: [{ text: 'Done.', usage }],
      body: { stream: true },
    });
    expect((await readEvents(streamed)).at(-1)?.response).toMatchObject({ usage: expected });
    // Without a write count, cache_write_tokens is left out, as in the older recordings.
    const readOnly = await postResponses({
      id: 'json-cache-read',
      steps: [{ text: 'Done.', usage: { inputTokens: 40, outputTokens: 12, cacheReadTokens: 300 } }],
      body: {},
    });
    expect(((await readOnly.json()) as { usage: unknown }).usage).toEqual({
      ...expected,
      input_tokens: 340,
      input_tokens_details: { cached_tokens: 300 },
      total_tokens: 352,
    });
  });

  it('leaves encrypted_content out of a reasoning item unless the request includes it', async () => {
    const response = await postResponses({
      id: 'json-no-include',
      steps: [{ thinking: 'Adding.', text: 'Done.' }],
      body: {},
    });
    const body = (await response.json()) as { output: Record<string, unknown>[] };
    expect(body.output[0]?.type).toBe('reasoning');
    expect(body.output[0]).not.toHaveProperty('encrypted_content');
  });
});

describe('POST /v1/responses through fake.handlers in your own msw server', () => {
  const listening = createFakeLlm({ name: 'responses behind msw', steps: [{ text: 'Answered.' }] });
  const server = setupServer(...listening.handlers);
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    cancelMswResponseCopies(server);
  });
  afterAll(async () => {
    server.close();
    await listening.close();
  });

  it('answers any origin with the script', async () => {
    const response = await fetch('http://fake-llm.test/v1/responses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, input: 'Hi' }),
    });
    const body = (await response.json()) as { output: { content?: { text: string }[] }[] };
    expect([response.status, body.output[0]?.content?.[0]?.text, listening.violations]).toEqual([
      200,
      'Answered.',
      [],
    ]);
  });
});
