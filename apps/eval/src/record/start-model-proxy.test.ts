import { once } from 'node:events';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startModelProxy, type ModelProxy } from './start-model-proxy.js';

const key = 'sk-proxy-planted-key';

/** A server that answers every request with an empty stream and keeps the path and headers of each. */
async function startUpstream(): Promise<{
  server: Server;
  port: number;
  received: Array<{ path: string; headers: IncomingHttpHeaders }>;
}> {
  const received: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((incoming, response) => {
    received.push({ path: incoming.url ?? '', headers: incoming.headers });
    incoming.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end('event: ping\ndata: {"type":"ping"}\n\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** Sends a POST as it is written (path and headers untouched) and gives back the status. */
async function post({
  url,
  path,
  headers = {},
}: {
  url: string;
  path: string;
  headers?: Record<string, string>;
}) {
  const { port } = new URL(url);
  const sent = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
  });
  sent.end('{"model":"claude-haiku-4-5","messages":[]}');
  const [response] = (await once(sent, 'response')) as [IncomingMessage];
  response.resume();
  await once(response, 'end');
  return response.statusCode;
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let elsewhere: Awaited<ReturnType<typeof startUpstream>>;
let proxy: ModelProxy;

beforeEach(async () => {
  upstream = await startUpstream();
  elsewhere = await startUpstream();
  proxy = await startModelProxy();
});

afterEach(async () => {
  await proxy.close();
  for (const { server } of [upstream, elsewhere]) {
    server.closeAllConnections();
    server.close();
  }
});

describe('startModelProxy', () => {
  const upstreamOptions = () => ({
    upstream: { baseURL: `http://127.0.0.1:${upstream.port}`, authHeaders: { 'x-api-key': key } },
  });

  it('forwards a request to its route with the key, and keeps the exchange without it', async () => {
    const routeUrl = proxy.route('s0r0', upstreamOptions());
    expect(await post({ url: routeUrl, path: `${new URL(routeUrl).pathname}/v1/messages` })).toBe(200);
    expect(upstream.received.map(({ path, headers }) => [path, headers['x-api-key']])).toEqual([
      ['/v1/messages', key],
    ]);
    expect(JSON.stringify(proxy.exchanges('s0r0'))).not.toContain(key);
  });

  it('refuses a request whose Host is not a loopback name (DNS rebinding), sending nothing on', async () => {
    const routeUrl = proxy.route('s0r0', upstreamOptions());
    const path = `${new URL(routeUrl).pathname}/v1/messages`;
    expect(
      await post({ url: routeUrl, path, headers: { host: `evil.example:${new URL(routeUrl).port}` } }),
    ).toBe(403);
    expect(upstream.received).toEqual([]);
  });

  it('refuses a request with an Origin (a web page), sending nothing on', async () => {
    const routeUrl = proxy.route('s0r0', upstreamOptions());
    const path = `${new URL(routeUrl).pathname}/v1/messages`;
    expect(await post({ url: routeUrl, path, headers: { origin: 'https://evil.example' } })).toBe(403);
    expect(await post({ url: routeUrl, path, headers: { origin: 'http://localhost:3000' } })).toBe(403);
    expect(upstream.received).toEqual([]);
  });

  it('reaches a route only by the unguessable URL it gives, never by the id the runner chose', async () => {
    const first = proxy.route('s0r0', upstreamOptions());
    const second = proxy.route('s0r1', upstreamOptions());
    expect(await post({ url: proxy.url, path: '/scenario/s0r0/v1/messages' })).toBe(404);
    expect(upstream.received).toEqual([]);
    const ids = [first, second].map((url) => new URL(url).pathname.split('/').at(-1) ?? '');
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(id).toMatch(/^[\w-]{22,}$/u);
  });

  it('never lets a route path change the upstream host or leave its base path', async () => {
    // Joined as text, `http://127.0.0` and `.1:<port>/x` would make `http://127.0.0.1:<port>/x`.
    const joined = proxy.route('joined', {
      upstream: { baseURL: 'http://127.0.0', authHeaders: { 'x-api-key': key } },
      stripPrefix: '/v1',
    });
    const nested = proxy.route('nested', {
      upstream: { baseURL: `http://127.0.0.1:${upstream.port}/api`, authHeaders: { 'x-api-key': key } },
      stripPrefix: '/v1',
    });
    const other = `127.0.0.1:${elsewhere.port}`;
    const statuses: Record<string, number | undefined> = {};
    for (const [url, path] of [
      [joined, `/v1.1:${elsewhere.port}/x`],
      [nested, `/v1//${other}/x`],
      [nested, `/v1@${other}/x`],
      [nested, `/v1/http://${other}/x`],
      [nested, '/v1/../../x'],
      [nested, '/v1/%2e%2e/%2E%2E/x'],
      [nested, '/v1/..'],
    ] as const)
      statuses[`${new URL(url).pathname === new URL(joined).pathname ? 'joined' : 'nested'} ${path}`] =
        await post({
          url,
          path: `${new URL(url).pathname}${path}`,
        });
    // An absolute URL as the request's target.
    const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
    socket.end(
      `POST http://${other}/x HTTP/1.1\r\nHost: ${other}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    let answer = '';
    for await (const chunk of socket) answer += String(chunk);

    expect(elsewhere.received).toEqual([]);
    expect(upstream.received.map(({ path }) => path)).toEqual([
      `/api//${other}/x`,
      `/api/v1@${other}/x`,
      `/api/http://${other}/x`,
    ]);
    expect(statuses).toEqual({
      [`joined /v1.1:${elsewhere.port}/x`]: 502,
      [`nested /v1//${other}/x`]: 200,
      [`nested /v1@${other}/x`]: 200,
      [`nested /v1/http://${other}/x`]: 200,
      'nested /v1/../../x': 400,
      'nested /v1/%2e%2e/%2E%2E/x': 400,
      'nested /v1/..': 400,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 40[34] /u);
  });
});
