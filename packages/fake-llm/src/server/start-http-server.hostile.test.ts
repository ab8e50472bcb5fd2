import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessagesBody } from '../../test/post-messages.js';
import { openRawConnection, readRawResponse, sendRawRequest } from '../../test/send-raw-request.js';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';

const fakes: FakeLlm[] = [];

/** A fake with one text step per call, served on a free port, closed after the test. */
async function serveFake() {
  const fake = createFakeLlm({ name: 'hostile', steps: [{ text: 'First.' }, { text: 'Second.' }] });
  fakes.push(fake);
  const server = await fake.serve();
  return { fake, server };
}

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** A raw request line and headers that close the connection after the answer. */
function rawRequest(requestLine: string, headers: string[] = []): string {
  return [requestLine, 'host: 127.0.0.1', 'connection: close', ...headers, '', ''].join('\r\n');
}

/** A raw POST of a Messages API body. */
function rawMessagesPost(path: string): string {
  const body = JSON.stringify(createMessagesBody());
  return (
    rawRequest(`POST ${path} HTTP/1.1`, [
      'content-type: application/json',
      'anthropic-version: 2023-06-01',
      `content-length: ${Buffer.byteLength(body)}`,
    ]) + body
  );
}

describe('serve answers requests it cannot take with an HTTP error', () => {
  it.each([
    [
      'a malformed percent-encoding in an unknown path',
      'GET /v1/messages/%E0%A4%A HTTP/1.1',
      404,
      'not_found_error',
    ],
    [
      'a malformed percent-encoding in a scenario id',
      'GET /script/%E0%A4%A/v1/messages HTTP/1.1',
      405,
      'invalid_request_error',
    ],
    ['TRACE', 'TRACE /v1/messages HTTP/1.1', 405, 'invalid_request_error'],
    ['TRACE on an unknown path', 'TRACE / HTTP/1.1', 404, 'not_found_error'],
    ['GET on the Messages API', 'GET /v1/messages HTTP/1.1', 405, 'invalid_request_error'],
    ['CONNECT', 'CONNECT 127.0.0.1:443 HTTP/1.1', 405, 'invalid_request_error'],
  ])('%s: %s gets %i %s in Anthropic error JSON', async (_name, requestLine, status, type) => {
    const { fake, server } = await serveFake();
    const response = await sendRawRequest({ port: server.port, text: rawRequest(requestLine) });
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toMatchObject({ type: 'error', error: { type } });
    expect(fake.violations.map((violation) => violation.type)).toEqual(['invalid-request']);
  });

  it.each([
    ['TRACE', 'TRACE /v1/chat/completions HTTP/1.1'],
    ['GET', 'GET /v1/chat/completions HTTP/1.1'],
  ])(
    '%s on chat completions gets a 404 unknown_url in OpenAI error JSON, as OpenAI answers',
    async (method, requestLine) => {
      const { server } = await serveFake();
      const response = await sendRawRequest({ port: server.port, text: rawRequest(requestLine) });
      expect(response.status).toBe(404);
      const body = JSON.parse(response.body) as { error: { message: string; type: string; code: string } };
      expect([body.error.type, body.error.code]).toEqual(['invalid_request_error', 'unknown_url']);
      expect(body.error.message).toContain(`Unknown request URL: ${method} /v1/chat/completions.`);
    },
  );

  it('answers a request line it cannot parse with a 400 in Anthropic error JSON', async () => {
    const { server } = await serveFake();
    const response = await sendRawRequest({ port: server.port, text: 'NOT HTTP AT ALL\r\n\r\n' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    });
  });

  it('answers a malformed percent-encoding in the scenario id of a POST with a 500 unknown script, and keeps serving', async () => {
    const { fake, server } = await serveFake();
    const refused = await sendRawRequest({
      port: server.port,
      text: rawMessagesPost('/script/%E0%A4%A/v1/messages'),
    });
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.body)).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    const answered = await sendRawRequest({ port: server.port, text: rawMessagesPost('/v1/messages') });
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ content: [{ type: 'text', text: 'First.' }] });
    expect(fake.violations.map((violation) => violation.type)).toEqual(['unknown-script']);
  });
});

describe('serve caps request bodies', () => {
  it('answers a declared content-length over 32 MiB with a 413 at once, without waiting for the body', async () => {
    const { fake, server } = await serveFake();
    const socket = await openRawConnection(server.port);
    socket.write(
      rawRequest('POST /v1/messages HTTP/1.1', [
        'content-type: application/json',
        `content-length: ${32 * 1024 * 1024 + 1}`,
      ]),
    );
    const response = await readRawResponse(socket);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    expect(fake.requests).toEqual([]);
  });

  it('stops reading a chunked body once it passes the cap, answers 413 and closes the connection', async () => {
    const fake = createFakeLlm([{ text: 'First.' }], { maxRequestBytes: 1_000 });
    fakes.push(fake);
    const server = await fake.serve();
    const socket = await openRawConnection(server.port);
    const chunk = 'x'.repeat(500);
    // Three chunks and no last one: the body never ends, so only a server that stops reading can answer.
    socket.write(
      rawRequest('POST /v1/chat/completions HTTP/1.1', [
        'content-type: application/json',
        'transfer-encoding: chunked',
      ]) + `1f4\r\n${chunk}\r\n`.repeat(3),
    );
    const response = await readRawResponse(socket);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(fake.violations).toMatchObject([{ type: 'invalid-request', requestIndex: 0 }]);
  });

  it('gives the Anthropic SDK a 413 it does not retry, and the next request the first step', async () => {
    const fake = createFakeLlm([{ text: 'First.' }], { maxRequestBytes: 1_000 });
    fakes.push(fake);
    const server = await fake.serve();
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url });
    const ask = (content: string) =>
      client.messages.create({
        model: 'claude-sonnet-4-6',
        max_tokens: 10,
        messages: [{ role: 'user', content }],
      });
    await expect(ask('x'.repeat(2_000))).rejects.toMatchObject({
      status: 413,
      error: { type: 'error', error: { type: 'request_too_large' } },
    });
    expect(await ask('Hello?')).toMatchObject({ content: [{ type: 'text', text: 'First.' }] });
    expect(fake.violations.map((violation) => violation.type)).toEqual(['invalid-request']);
  });
});
