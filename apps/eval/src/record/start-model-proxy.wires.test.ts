import { once } from 'node:events';
import { connect as connectHttp2 } from 'node:http2';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startModelProxy, type ModelProxy } from './start-model-proxy.js';

const key = 'sk-wire-planted-key-0123456789';
const agentKey = 'placeholder-key-the-agent-was-given';

// Bytes of one AWS event stream frame as Bedrock sends it: lengths, a zero, CRCs and bytes that are not UTF-8.
const eventStreamFrame = Buffer.from(
  '0000005c0000004e8c4bd3940b3a6576656e742d747970650700106d65737361676553746172740d3a636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b22726f6c65223a22617373697374616e74227dff80c328',
  'hex',
);

/** What each wire's API answers, and how its key travels. */
const wires = [
  {
    wire: 'gemini',
    path: '/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse',
    agentHeaders: { 'x-goog-api-key': agentKey, 'x-goog-api-client': 'google-genai-sdk/1.0.0' },
    authHeaders: { 'x-goog-api-key': key },
    contentType: 'text/event-stream',
    answer: Buffer.from('data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]}}]}\r\n\r\n'),
  },
  {
    wire: 'ollama',
    path: '/api/chat',
    agentHeaders: {},
    authHeaders: {},
    contentType: 'application/x-ndjson',
    answer: Buffer.from('{"message":{"role":"assistant","content":"Hi"},"done":false}\n{"done":true}\n'),
  },
  {
    wire: 'bedrock',
    path: '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
    agentHeaders: { 'amz-sdk-invocation-id': 'b7c1', 'x-amz-user-agent': 'aws-sdk-js/3' },
    authHeaders: {},
    contentType: 'application/vnd.amazon.eventstream',
    answer: eventStreamFrame,
  },
] as const;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let upstream: { server: Server; port: number; received: Received[] };
let proxy: ModelProxy;
let answer: { contentType: string; body: Buffer };

beforeEach(async () => {
  const received: Received[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      received.push({ path: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': answer.contentType });
      // In two writes, cut inside the answer: the proxy must join the bytes, not the text.
      response.write(answer.body.subarray(0, 7));
      response.end(answer.body.subarray(7));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  upstream = { server, port: (server.address() as AddressInfo).port, received };
  proxy = await startModelProxy();
});

afterEach(async () => {
  await proxy.close();
  upstream.server.closeAllConnections();
  upstream.server.close();
});

/** Sends a POST to the proxy as the agent's client would, and gives back the answer's content type and bytes. */
async function post({ url, headers }: { url: string; headers: Record<string, string> }) {
  const target = new URL(url);
  const sent = request({
    host: '127.0.0.1',
    port: target.port,
    method: 'POST',
    path: `${target.pathname}${target.search}`,
    headers: { 'content-type': 'application/json', ...headers },
  });
  sent.end('{"messages":[{"role":"user","content":"Hi"}]}');
  const [response] = (await once(sent, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) chunks.push(chunk);
  return {
    status: response.statusCode,
    contentType: response.headers['content-type'],
    body: Buffer.concat(chunks),
  };
}

describe.each(wires)(
  'the live proxy on the $wire wire',
  ({ path, agentHeaders, authHeaders, contentType, answer: bytes }) => {
    it("passes the answer's bytes and content type through, and keeps them, the path and its query exactly", async () => {
      answer = { contentType, body: bytes };
      const routeUrl = proxy.route('r', {
        upstream: { baseURL: `http://127.0.0.1:${upstream.port}`, authHeaders },
      });
      const got = await post({ url: `${routeUrl}${path}`, headers: agentHeaders });

      expect(got).toEqual({ status: 200, contentType, body: bytes });
      expect(upstream.received.map((received) => received.path)).toEqual([path]);
      expect(upstream.received[0]?.body.toString('utf8')).toBe(
        '{"messages":[{"role":"user","content":"Hi"}]}',
      );
      expect(proxy.exchanges('r')).toEqual([
        {
          request: {
            method: 'POST',
            path,
            headers: {},
            body: { messages: [{ role: 'user', content: 'Hi' }] },
          },
          response: { type: 'stream', status: 200, contentType, body: bytes },
        },
      ]);
    });
  },
);

describe('the live proxy and Gemini keys', () => {
  it("sends the route's key in x-goog-api-key in place of the agent's, drops a ?key= parameter, and keeps neither", async () => {
    answer = { contentType: 'text/event-stream', body: Buffer.from('data: {}\n\n') };
    const routeUrl = proxy.route('r', {
      upstream: { baseURL: `http://127.0.0.1:${upstream.port}`, authHeaders: { 'x-goog-api-key': key } },
    });
    const path = '/v1beta/models/gemini-3-pro-preview:streamGenerateContent';
    await post({
      url: `${routeUrl}${path}?alt=sse&key=${agentKey}`,
      headers: { 'x-goog-api-key': agentKey },
    });

    expect(upstream.received.map((received) => [received.path, received.headers['x-goog-api-key']])).toEqual([
      [`${path}?alt=sse`, key],
    ]);
    expect(proxy.exchanges('r').map((exchange) => exchange.request.path)).toEqual([`${path}?alt=sse`]);
    expect(JSON.stringify(proxy.exchanges('r'))).not.toMatch(new RegExp(`${key}|${agentKey}`, 'u'));
    expect(proxy.secrets('r')).toEqual([key]);
  });
});

describe('the live proxy over HTTP/2', () => {
  it("answers a client that speaks cleartext HTTP/2 with prior knowledge (the AWS SDK's default) as it answers HTTP/1.1", async () => {
    answer = { contentType: 'application/vnd.amazon.eventstream', body: eventStreamFrame };
    const routeUrl = new URL(
      proxy.route('r', { upstream: { baseURL: `http://127.0.0.1:${upstream.port}`, authHeaders: {} } }),
    );
    const session = connectHttp2(routeUrl.origin);
    const path = '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream';
    const stream = session.request({
      ':method': 'POST',
      ':path': `${routeUrl.pathname}${path}`,
      'content-type': 'application/json',
    });
    stream.end('{"messages":[]}');
    const [headers] = (await once(stream, 'response')) as [Record<string, string | number>];
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    session.close();

    expect([headers[':status'], headers['content-type'], Buffer.concat(chunks)]).toEqual([
      200,
      'application/vnd.amazon.eventstream',
      eventStreamFrame,
    ]);
    expect(upstream.received.map((received) => [received.path, received.headers[':path']])).toEqual([
      [path, undefined],
    ]);
    expect(proxy.exchanges('r').map((exchange) => exchange.request.path)).toEqual([path]);
  });
});
