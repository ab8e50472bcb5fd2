import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRawRequest } from '../test/send-raw-request.js';
import { createFakeLlm } from './create-fake-llm.js';

// A path the fake does not serve is answered in the error shape of the API it was meant for, so that the
// client of that API reads the error (and not `[object Object]` or a body of another API).
const fake = createFakeLlm({ name: 'unknown paths', steps: [{ text: 'Answered.' }] });
let baseUrl = '';
let port = 0;

beforeAll(async () => {
  ({ url: baseUrl, port } = await fake.serve());
});
afterAll(() => fake.close());

const openAiHelp =
  'Please check the URL for typos, or see the docs at https://platform.openai.com/docs/api-reference/.';

/** Sends one request to the served fake; returns its status and its body as JSON. */
async function send(options: { method?: string; path: string; headers?: Record<string, string> }) {
  const response = await fetch(`${baseUrl}${options.path}`, {
    method: options.method ?? 'POST',
    headers: options.headers,
    ...(options.method === 'GET' ? {} : { body: '{}' }),
  });
  return { status: response.status, body: await response.json() };
}

describe("OpenAI paths get OpenAI's unknown_url error", () => {
  it.each([
    ['POST', '/v1/embeddings', {}],
    ['GET', '/v1/responses', {}],
    ['POST', '/v1/completions', {}],
    ['GET', '/v1/models', { authorization: 'Bearer test' }],
    ['POST', '/v1/foo', {}],
    ['POST', '/api/v1/embeddings', {}],
    ['POST', '/script/unknown-paths/v1/embeddings', { authorization: 'Bearer test' }],
    ['GET', '/v1/chat/completions', { authorization: 'Bearer test' }],
  ])('%s %s', async (method, path, headers) => {
    expect(await send({ method, path, headers })).toEqual({
      status: 404,
      body: {
        error: {
          message: `Unknown request URL: ${method} ${path}. ${openAiHelp}`,
          type: 'invalid_request_error',
          param: null,
          code: 'unknown_url',
        },
      },
    });
  });

  it('answers a TRACE, which never becomes a fetch Request, the same way', async () => {
    const response = await sendRawRequest({
      port,
      text: 'TRACE /v1/responses HTTP/1.1\r\nhost: fake\r\n\r\n',
    });
    expect([response.status, JSON.parse(response.body)]).toEqual([
      404,
      {
        error: {
          message: `Unknown request URL: TRACE /v1/responses. ${openAiHelp}`,
          type: 'invalid_request_error',
          param: null,
          code: 'unknown_url',
        },
      },
    ]);
  });

  it('reaches the openai SDK as a NotFoundError with code unknown_url', async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const failure: unknown = await client.embeddings
      .create({ model: 'text-embedding-3-small', input: 'Hi' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.NotFoundError);
    expect((failure as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('unknown_url');
    expect((failure as Error).message).toBe(`404 Unknown request URL: POST /v1/embeddings. ${openAiHelp}`);
  });
});

describe("Ollama's native paths get Ollama's error shape", () => {
  it.each([
    ['POST', '/api/generate'],
    ['GET', '/api/chat'],
    ['GET', '/api/tags'],
    ['POST', '/script/unknown-paths/api/generate'],
  ])(
    '%s %s: 404 {"error": "<message>"}, which the ollama client shows as its message',
    async (method, path) => {
      const { status, body } = await send({ method, path });
      expect(status).toBe(404);
      expect(body).toEqual({
        error: expect.stringMatching(
          /^404 page not found: the fake LLM serves only POST \/api\/chat of Ollama's native API/u,
        ) as unknown,
      });
      expect((body as { error: string }).error).toContain(`${method} ${path}`);
    },
  );
});

describe('Anthropic paths, and other paths with Anthropic headers, get not_found_error', () => {
  it.each([
    ['POST', '/v1/complete', {}],
    ['POST', '/v1/messages/batches', {}],
    ['GET', '/v1/models', { 'anthropic-version': '2023-06-01' }],
    ['POST', '/v1/foo', { 'x-api-key': 'test' }],
    ['POST', '/foo', {}],
  ])('%s %s', async (method, path, headers) => {
    const { status, body } = await send({ method, path, headers });
    expect(status).toBe(404);
    expect(body).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('reaches the Anthropic SDK as a NotFoundError', async () => {
    const client = new Anthropic({ apiKey: 'test', baseURL: baseUrl, maxRetries: 0 });
    const failure: unknown = await client.models.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Anthropic.NotFoundError);
    expect((failure as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    });
  });
});

describe('behind msw (fake.listen()), the same answers as served', () => {
  const listening = createFakeLlm({ name: 'unknown paths behind msw', steps: [{ text: 'Answered.' }] });
  beforeAll(() => {
    listening.listen();
  });
  afterAll(() => listening.close());

  it("leaves another host's own /v1 and /api paths to msw: an error, as any request no handler takes", async () => {
    await expect(fetch('https://api.example.com/v1/users')).rejects.toThrow();
    await expect(
      fetch('https://shop.example.com/api/orders', { method: 'POST', body: '{}' }),
    ).rejects.toThrow();
    expect(listening.violations).toEqual([]);
  });

  it.each([
    ['POST', '/v1/embeddings'],
    ['POST', '/v1/messages/batches'],
    ['POST', '/api/chat'],
    ['GET', '/v1/messages'],
    ['GET', '/v1/chat/completions'],
  ])('%s %s', async (method, path) => {
    const served = await send({ method, path });
    const response = await fetch(`http://fake-llm.test${path}`, {
      method,
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    expect({ status: response.status, body: await response.json() }).toEqual(served);
    expect(listening.violations.at(-1)?.type).toBe('invalid-request');
  });
});
