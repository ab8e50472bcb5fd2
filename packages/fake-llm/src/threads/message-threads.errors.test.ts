import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};
const question: Anthropic.Beta.BetaMessageParam = { role: 'user', content: 'Weather in Paris?' };

/**
 * A fake on a real HTTP server, and an SDK client for it that does not retry. It sends the message threads beta,
 * as the SDK's thread helper and tool runner do: without it, `thread` is no field of the request.
 */
async function start(steps: LlmStep[]) {
  fake = createFakeLlm({ name: 'threads', steps });
  const server = await fake.serve();
  const client = new Anthropic({
    apiKey: 'test',
    baseURL: server.url,
    maxRetries: 0,
    defaultHeaders: { 'anthropic-beta': 'message-threads-2026-08-12' },
  });
  return { fake, client };
}

/** Creates a thread with one question and returns the reply's id. */
async function createThread(client: Anthropic, fields: { system?: string } = {}): Promise<string> {
  const reply = await client.beta.messages.create({
    model: 'claude-sonnet-4-6',
    max_tokens: 256,
    tools: [weatherTool],
    messages: [question],
    thread: { type: 'create' },
    ...fields,
  });
  return reply.id;
}

/** Sends `thread: continue` from `previousMessageId` with one more user message. */
function continueThread(client: Anthropic, previousMessageId: string, fields: { system?: string } = {}) {
  return client.beta.messages.create({
    model: 'claude-sonnet-4-6',
    max_tokens: 256,
    messages: [{ role: 'user', content: 'And tomorrow?' }],
    thread: { type: 'continue', previous_message_id: previousMessageId },
    ...fields,
  });
}

/** What an API error says: its class, status, error type, error code and message. */
function describeError(error: unknown) {
  if (!(error instanceof Anthropic.APIError)) throw new Error(`Expected an API error, got ${String(error)}`);
  return {
    name: error.constructor.name,
    status: error.status as number | undefined,
    type: error.type,
    errorCode: error.errorCode,
    message: error.apiMessage,
  };
}

describe('message thread errors, as the SDK types them', () => {
  it('continuing from an id the fake never stored is thread_not_found (404)', async () => {
    const { fake, client } = await start([{ text: 'Sunny.' }]);
    const error = await continueThread(client, 'msg_unknown').catch((caught: unknown) => caught);
    expect(describeError(error)).toEqual({
      name: 'ThreadNotFoundError',
      status: 404,
      type: 'not_found_error',
      errorCode: 'thread_not_found',
      message: expect.stringContaining("'msg_unknown'") as string,
    });
    expect([fake.violations.map((violation) => violation.type), fake.getScript().remainingSteps]).toEqual([
      ['invalid-request'],
      1,
    ]);
  });

  it('continuing twice from the same reply is thread_already_continued (400)', async () => {
    const { client } = await start([{ text: 'Sunny.' }, { text: 'Rain.' }, { text: 'Snow.' }]);
    const first = await createThread(client);
    await continueThread(client, first);
    const error = await continueThread(client, first).catch((caught: unknown) => caught);
    expect(describeError(error)).toEqual({
      name: 'ThreadAlreadyContinuedError',
      status: 400,
      type: 'invalid_request_error',
      errorCode: 'thread_already_continued',
      message: expect.stringContaining('has already been continued') as string,
    });
  });

  it('continuing from a reply another request is still continuing is thread_continue_in_flight (400)', async () => {
    const { client } = await start([{ text: 'Sunny.' }, { text: 'Rain.', hang: true }, { text: 'Snow.' }]);
    const first = await createThread(client);
    const abort = new AbortController();
    await client.beta.messages.create(
      {
        model: 'claude-sonnet-4-6',
        max_tokens: 256,
        messages: [{ role: 'user', content: 'And tomorrow?' }],
        thread: { type: 'continue', previous_message_id: first },
        stream: true,
      },
      { signal: abort.signal },
    );
    const error = await continueThread(client, first).catch((caught: unknown) => caught);
    abort.abort();
    expect(describeError(error)).toEqual({
      name: 'ThreadContinueInFlightError',
      status: 400,
      type: 'invalid_request_error',
      errorCode: 'thread_continue_in_flight',
      message: expect.stringContaining('still continuing') as string,
    });
  });

  it('a continue that changes a field fixed for the thread is thread_fingerprint_mismatch (400)', async () => {
    const { client } = await start([{ text: 'Sunny.' }, { text: 'Rain.' }]);
    const first = await createThread(client, { system: 'Be brief.' });
    const error = await continueThread(client, first, { system: 'Be verbose.' }).catch(
      (caught: unknown) => caught,
    );
    expect(describeError(error)).toEqual({
      name: 'ThreadFingerprintMismatchError',
      status: 400,
      type: 'invalid_request_error',
      errorCode: 'thread_fingerprint_mismatch',
      message: expect.stringContaining('differing field(s): system') as string,
    });
  });

  it('a continue that changes output_config is thread_fingerprint_mismatch too', async () => {
    const { client } = await start([{ text: 'Sunny.' }, { text: 'Rain.' }]);
    const created = await client.beta.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      output_config: { effort: 'low' },
      messages: [question],
      thread: { type: 'create' },
    });
    const error = await client.beta.messages
      .create({
        model: 'claude-sonnet-4-6',
        max_tokens: 256,
        output_config: { effort: 'high' },
        messages: [{ role: 'user', content: 'And tomorrow?' }],
        thread: { type: 'continue', previous_message_id: created.id },
      })
      .catch((caught: unknown) => caught);
    expect(describeError(error)).toMatchObject({
      errorCode: 'thread_fingerprint_mismatch',
      message: expect.stringContaining('differing field(s): output_config') as string,
    });
  });

  it('a continue that repeats system and tools unchanged is answered', async () => {
    const { fake, client } = await start([{ text: 'Sunny.' }, { text: 'Rain.' }]);
    const first = await createThread(client, { system: 'Be brief.' });
    const reply = await client.beta.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      system: 'Be brief.',
      tools: [weatherTool],
      messages: [{ role: 'user', content: 'And tomorrow?' }],
      thread: { type: 'continue', previous_message_id: first },
    });
    expect([reply.content, fake.violations]).toEqual([[{ type: 'text', text: 'Rain.' }], []]);
  });
});

describe('a continue is checked against the conversation the thread holds', () => {
  it('reports a tool_result for a call the stored reply did not make, at its place in the whole conversation', async () => {
    const { fake, client } = await start([
      { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
      { text: 'Sunny.' },
    ]);
    const first = await createThread(client);
    await client.beta.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      messages: [
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_other', content: 'x' }] },
      ],
      thread: { type: 'continue', previous_message_id: first },
    });
    expect(fake.violations.map((violation) => [violation.type, violation.message])).toEqual([
      [
        'missing-tool-result',
        "Fake LLM script 'threads', request 2: messages[1] has a tool_use 'toolu_fake_default_1_1' with no tool_result in the next user message (messages[2]).",
      ],
      [
        'unexpected-tool-result',
        "Fake LLM script 'threads', request 2: messages[2] has a tool_result for 'toolu_other', which no tool_use in messages[1] has.",
      ],
    ]);
  });

  it('does not store a reply whose stream was cut: continuing from it is thread_not_found', async () => {
    const { client } = await start([
      { text: 'Sunny in Paris today.', truncate: { afterEvents: 3 } },
      { text: 'x' },
    ]);
    const stream = await client.beta.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      messages: [question],
      thread: { type: 'create' },
      stream: true,
    });
    let id = '';
    const types: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'message_start') id = event.message.id;
    }
    expect([id, types.includes('message_stop')]).toEqual(['msg_fake_default_1', false]);
    const error = await continueThread(client, id).catch((caught: unknown) => caught);
    expect(describeError(error)).toMatchObject({ status: 404, errorCode: 'thread_not_found' });
  });
});
