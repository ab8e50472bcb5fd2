import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicFixturesDirectory, listAnthropicFixtures, readExpectedReplay } from '../test/fixtures.js';
import { createMessagesBody, postMessages } from '../test/post-messages.js';
import { createFakeLlm } from './create-fake-llm.js';

const fake = createFakeLlm();
const baseUrl = 'http://fake-llm.test';

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe('replay', () => {
  it.each(listAnthropicFixtures())('sends %s byte for byte', async (name) => {
    fake.script(`replay-${name}`, [{ replay: join(anthropicFixturesDirectory, name) }]);
    const response = await postMessages({
      url: `${baseUrl}/v1/messages`,
      headers: { 'x-toolloop-script': `replay-${name}` },
      body: createMessagesBody({ stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(Buffer.from(await response.arrayBuffer()).equals(readExpectedReplay(name))).toBe(true);
  });

  it('resolves a relative replay path from the script base directory', async () => {
    const route = fake.script('relative-replay', {
      baseDirectory: anthropicFixturesDirectory,
      steps: [{ replay: 'sdk-basic_response.sse' }],
    });
    const response = await postMessages({
      url: `${baseUrl}/script/relative-replay/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    expect(
      Buffer.from(await response.arrayBuffer()).equals(readExpectedReplay('sdk-basic_response.sse')),
    ).toBe(true);
    expect(route.streams).toEqual([
      {
        scriptId: 'relative-replay',
        requestIndex: 0,
        eventsSent: 9,
        bytesSent: readExpectedReplay('sdk-basic_response.sse').byteLength,
        eventsPlanned: 9,
        bytesPlanned: readExpectedReplay('sdk-basic_response.sse').byteLength,
        status: 'completed',
        clientAborted: false,
      },
    ]);
  });

  it('answers a missing replay file with a 500 that names it, and a script-error violation', async () => {
    const route = fake.script('missing-replay', {
      name: 'missing file',
      steps: [{ replay: '/nowhere/x.sse' }],
    });
    const response = await postMessages({
      url: `${baseUrl}/script/missing-replay/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("cannot replay '/nowhere/x.sse'");
    expect(route.violations.map((violation) => violation.type)).toEqual(['script-error']);
  });
});

describe('routing', () => {
  it('routes by header, by path prefix, and to the default script otherwise', async () => {
    const routed = createFakeLlm([{ text: 'default answer' }]);
    routed.script('by-header', [{ text: 'header answer' }]);
    routed.script('by path/with space', [{ text: 'path answer' }]);
    const texts = await Promise.all(
      [
        new Request(`${baseUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'x-toolloop-script': 'by-header' },
        }),
        new Request(`${baseUrl}/script/by%20path%2Fwith%20space/v1/messages`, { method: 'POST' }),
        new Request(`${baseUrl}/v1/messages`, { method: 'POST' }),
      ].map(async (request) => {
        request.headers.set('content-type', 'application/json');
        request.headers.set('anthropic-version', '2023-06-01');
        const response = await routed.handle(
          new Request(request, { body: JSON.stringify(createMessagesBody()) }),
        );
        const message = (await response.json()) as { content: Array<{ text: string }> };
        return message.content[0]?.text;
      }),
    );
    expect(texts).toEqual(['header answer', 'path answer', 'default answer']);
    expect(routed.requests.map((request) => request.scriptId).sort()).toEqual([
      'by path/with space',
      'by-header',
      'default',
    ]);
    expect(routed.getScript('by-header').requests).toHaveLength(1);
  });

  it('still routes by the names before 0.2: a /scenario/<id> path and the x-toolloop-scenario header', async () => {
    const routed = createFakeLlm([{ text: 'default answer' }]);
    routed.script('old-header', [{ text: 'header answer' }]);
    routed.script('old-path', [{ text: 'path answer' }]);
    const texts = await Promise.all(
      [
        new Request(`${baseUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'x-toolloop-scenario': 'old-header' },
        }),
        new Request(`${baseUrl}/scenario/old-path/v1/messages`, { method: 'POST' }),
      ].map(async (request) => {
        request.headers.set('content-type', 'application/json');
        request.headers.set('anthropic-version', '2023-06-01');
        const response = await routed.handle(
          new Request(request, { body: JSON.stringify(createMessagesBody()) }),
        );
        const message = (await response.json()) as { content: Array<{ text: string }> };
        return message.content[0]?.text;
      }),
    );
    expect(texts).toEqual(['header answer', 'path answer']);
  });

  it('answers an unknown script with a 500 naming it and the scripts it has', async () => {
    const routed = createFakeLlm([{ text: 'default answer' }]);
    const response = await routed.handle(
      new Request(`${baseUrl}/script/nope/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify(createMessagesBody()),
      }),
    );
    expect(response.status).toBe(500);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'api_error',
        message:
          "Fake LLM has no script 'nope' (it has: 'default'). Register one with fake.script(id, steps), or route the request with the 'x-toolloop-script' header or a '/script/<id>' base URL.",
      },
    });
    expect(routed.violations.map((violation) => violation.type)).toEqual(['unknown-script']);
  });

  it('refuses to register the same id twice', () => {
    const routed = createFakeLlm([]);
    expect(() => routed.script('default', [])).toThrow("already has a script 'default'");
  });
});

describe('answers', () => {
  it('streams a scripted step in the real event order, echoing the model id', async () => {
    fake.script('event-order', [
      { thinking: 'Think.', text: 'Hi there.', toolCalls: [{ name: 'lookup', input: { q: 'x' } }] },
    ]);
    const response = await postMessages({
      url: `${baseUrl}/v1/messages`,
      headers: { 'x-toolloop-script': 'event-order' },
      body: createMessagesBody({ stream: true, model: 'claude-haiku-4-5' }),
    });
    const text = await response.text();
    const events = [...text.matchAll(/^event: (.+)$/gmu)].map((match) => match[1]);
    expect(events).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(text).toContain('"model":"claude-haiku-4-5"');
    expect(text.endsWith('event: message_stop\ndata: {"type":"message_stop"}\n\n')).toBe(true);
  });

  it('answers a request without stream: true with a JSON message', async () => {
    fake.script('json', [{ text: 'Plain.', usage: { inputTokens: 3, outputTokens: 4 } }]);
    const response = await postMessages({
      url: `${baseUrl}/script/json/v1/messages`,
      body: createMessagesBody({ model: 'claude-opus-4-6' }),
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      id: 'msg_fake_json_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-6',
      content: [{ type: 'text', text: 'Plain.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 3,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 4,
        service_tier: 'standard',
      },
    });
  });

  it('answers an error step with its status, Anthropic error JSON and retry-after', async () => {
    fake.script('error', [{ error: { status: 429, message: 'Slow down.', retryAfter: 7 } }]);
    const response = await postMessages({
      url: `${baseUrl}/script/error/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Slow down.' },
    });
  });

  it('records requests without their auth headers', async () => {
    const route = fake.script('recorded', [{ text: 'ok' }]);
    await postMessages({
      url: `${baseUrl}/script/recorded/v1/messages`,
      headers: { authorization: 'Bearer secret', 'x-custom': 'kept' },
      body: createMessagesBody(),
    });
    const [request] = route.requests;
    expect(request?.headers).toEqual({
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
      'x-custom': 'kept',
    });
    expect(request).toMatchObject({
      scriptId: 'recorded',
      index: 0,
      method: 'POST',
      path: '/script/recorded/v1/messages',
      body: createMessagesBody(),
      stream: false,
    });
  });

  it('answers a request after the script ran out with a 500 naming the request and the script', async () => {
    const route = fake.script('short', { name: 'short scenario', steps: [{ text: 'only one' }] });
    const url = `${baseUrl}/script/short/v1/messages`;
    await (await postMessages({ url, body: createMessagesBody() })).text();
    const response = await postMessages({ url, body: createMessagesBody() });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'api_error',
        message:
          "Fake LLM script 'short scenario' has 1 step, but request 2 (index 1) arrived. Add a step, or find why the client made one more request than expected.",
      },
    });
    expect(route.violations).toEqual([
      {
        type: 'script-exhausted',
        scriptId: 'short',
        requestIndex: 1,
        message: expect.stringContaining('request 2') as string,
      },
    ]);
    expect(route.remainingSteps).toBe(0);
  });

  it('answers a body that is not a Messages API request with a 400', async () => {
    const route = fake.script('invalid', [{ text: 'never sent' }]);
    const response = await postMessages({
      url: `${baseUrl}/script/invalid/v1/messages`,
      body: { nope: true },
    });
    expect(response.status).toBe(400);
    expect(route.violations.map((violation) => violation.type)).toEqual(['invalid-request']);
  });

  it('ends a truncated stream after the given number of events', async () => {
    const route = fake.script('truncate', [{ text: 'cut short', truncate: { afterEvents: 3 } }]);
    const response = await postMessages({
      url: `${baseUrl}/script/truncate/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    const events = [...(await response.text()).matchAll(/^event: (.+)$/gmu)].map((match) => match[1]);
    expect(events).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(route.streams[0]).toMatchObject({ status: 'truncated', eventsSent: 3, eventsPlanned: 7 });
  });
});
