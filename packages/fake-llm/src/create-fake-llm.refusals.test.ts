import { describe, expect, it } from 'vitest';
import { createMessagesBody } from '../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

const steps = [{ text: 'First.' }, { text: 'Second.' }];
const messagesUrl = 'http://fake-llm.test/v1/messages';
const chatUrl = 'http://fake-llm.test/v1/chat/completions';
const chatBody = { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello?' }] };

/** A request as a client sends it, JSON unless the test says otherwise. */
function createRequest(options: {
  url: string;
  method?: string;
  contentType?: string | null;
  body?: string;
}): Request {
  const headers = new Headers();
  if (options.contentType !== null) headers.set('content-type', options.contentType ?? 'application/json');
  headers.set('anthropic-version', '2023-06-01');
  return new Request(options.url, { method: options.method ?? 'POST', headers, body: options.body });
}

/** Sends the refused request, then a valid one; returns both answers' status and JSON. */
async function refuseThenAnswer(fake: FakeLlm, refused: Request, valid: Request) {
  const first = await fake.handle(refused);
  const second = await fake.handle(valid);
  return {
    refused: { status: first.status, body: await first.json() },
    answered: { status: second.status, body: await second.json() },
  };
}

/** The `error.message` of an error body, in either wire's shape. */
function messageOf(body: unknown): string {
  return (body as { error: { message: string } }).error.message;
}

const validMessages = () => createRequest({ url: messagesUrl, body: JSON.stringify(createMessagesBody()) });
const validChat = () => createRequest({ url: chatUrl, body: JSON.stringify(chatBody) });

describe('a refused Messages API request leaves the script untouched', () => {
  it.each([
    [
      'a body that is not JSON',
      { url: messagesUrl, body: '{"model": ' },
      400,
      'invalid_request_error',
      'not valid JSON',
    ],
    [
      'a body without messages',
      { url: messagesUrl, body: '{"model":"claude-sonnet-4-6","max_tokens":256}' },
      400,
      'invalid_request_error',
      'messages: Field required',
    ],
    [
      'a text/plain body',
      { url: messagesUrl, contentType: 'text/plain', body: JSON.stringify(createMessagesBody()) },
      400,
      'invalid_request_error',
      'content-type',
    ],
    [
      'a body without content-type',
      { url: messagesUrl, contentType: null, body: JSON.stringify(createMessagesBody()) },
      400,
      'invalid_request_error',
      'content-type',
    ],
    ['a GET', { url: messagesUrl, method: 'GET' }, 405, 'invalid_request_error', 'POST'],
    [
      'an unknown path',
      { url: 'http://fake-llm.test/v1/complete', body: '{}' },
      404,
      'not_found_error',
      '/v1/complete',
    ],
  ])('%s', async (_name, refused, status, type, says) => {
    const fake = createFakeLlm({ name: 'refusals', steps });
    const result = await refuseThenAnswer(fake, createRequest(refused), validMessages());
    expect(result.refused).toMatchObject({ status, body: { type: 'error', error: { type } } });
    expect(messageOf(result.refused.body)).toContain(says);
    expect(result.answered).toMatchObject({
      status: 200,
      body: { content: [{ type: 'text', text: 'First.' }] },
    });
    expect(fake.requests.map((request) => request.index)).toEqual([0]);
    expect(fake.getScript().remainingSteps).toBe(1);
    expect(fake.violations).toMatchObject([
      { type: 'invalid-request', scriptId: 'default', requestIndex: 0 },
    ]);
  });

  it('answers a body over maxRequestBytes with a 413 request_too_large', async () => {
    const fake = createFakeLlm({ name: 'refusals', steps }, { maxRequestBytes: 1_000 });
    const big = JSON.stringify(
      createMessagesBody({ messages: [{ role: 'user', content: 'x'.repeat(1_000) }] }),
    );
    const result = await refuseThenAnswer(
      fake,
      createRequest({ url: messagesUrl, body: big }),
      validMessages(),
    );
    expect(result.refused).toMatchObject({
      status: 413,
      body: { type: 'error', error: { type: 'request_too_large' } },
    });
    expect(result.answered).toMatchObject({
      status: 200,
      body: { content: [{ type: 'text', text: 'First.' }] },
    });
    expect(fake.violations).toMatchObject([{ type: 'invalid-request', requestIndex: 0 }]);
  });

  it('stops reading a body once it passes maxRequestBytes', async () => {
    const fake = createFakeLlm({ name: 'refusals', steps }, { maxRequestBytes: 1_000 });
    let cancelled = false;
    let sent = 0;
    // 3,000 bytes, then a body that never ends: only a reader that stops at the cap can answer.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 3_000) return new Promise<void>(() => undefined);
        sent += 300;
        controller.enqueue(new TextEncoder().encode('x'.repeat(300)));
        return undefined;
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await fake.handle(
      new Request(messagesUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: endless,
        duplex: 'half',
      }),
    );
    expect(response.status).toBe(413);
    expect(cancelled).toBe(true);
  });
});

describe('a refused chat completions request leaves the script untouched', () => {
  it.each([
    [
      'a body that is not JSON',
      { url: chatUrl, body: 'model=gpt' },
      400,
      'invalid_request_error',
      'could not parse the JSON body',
    ],
    [
      'a body without messages',
      { url: chatUrl, body: '{"model":"gpt-4o"}' },
      400,
      'invalid_request_error',
      "Missing required parameter: 'messages'.",
    ],
    [
      'a form-encoded body',
      { url: chatUrl, contentType: 'application/x-www-form-urlencoded', body: JSON.stringify(chatBody) },
      400,
      'invalid_request_error',
      'content-type',
    ],
    [
      'a GET',
      { url: chatUrl, method: 'GET' },
      404,
      'invalid_request_error',
      'Unknown request URL: GET /v1/chat/completions.',
    ],
  ])('%s', async (_name, refused, status, type, says) => {
    const fake = createFakeLlm({ name: 'refusals', steps });
    const result = await refuseThenAnswer(fake, createRequest(refused), validChat());
    expect(result.refused).toMatchObject({ status, body: { error: { type } } });
    expect(messageOf(result.refused.body)).toContain(says);
    expect(result.answered).toMatchObject({
      status: 200,
      body: { choices: [{ message: { content: 'First.' } }] },
    });
    expect(fake.violations).toMatchObject([{ type: 'invalid-request', requestIndex: 0 }]);
  });

  it('answers a body over maxRequestBytes with a 413 in OpenAI error JSON', async () => {
    const fake = createFakeLlm({ name: 'refusals', steps }, { maxRequestBytes: 100 });
    const big = JSON.stringify({ ...chatBody, messages: [{ role: 'user', content: 'x'.repeat(100) }] });
    const result = await refuseThenAnswer(fake, createRequest({ url: chatUrl, body: big }), validChat());
    expect(result.refused).toMatchObject({ status: 413, body: { error: { type: 'invalid_request_error' } } });
    expect(result.answered.status).toBe(200);
  });
});
