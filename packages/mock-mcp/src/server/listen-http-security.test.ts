import { afterEach, describe, expect, it } from 'vitest';
import { postInitialize } from '../../test/post-initialize.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';
import type { MockHttpOptions } from './listen-http.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function listen(options: MockHttpOptions = {}) {
  server = createMockMcpServer({ tools: [] });
  return server.listenHttp(options);
}

describe('listenHttp: Host and Origin (DNS rebinding)', () => {
  it('refuses a Host that is not loopback with 403, saying how to allow it', async () => {
    const listener = await listen();
    const response = await postInitialize({
      url: listener.url,
      headers: { host: 'evil.example.com', origin: 'http://evil.example.com' },
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          "Host 'evil.example.com' is not allowed. Allowed hosts: localhost, 127.0.0.1, [::1]; add others with allowedHosts (mock-mcp --allowed-host <name>).",
      },
      id: null,
    });
  });

  it('refuses a page on another origin with 403 even when the Host is loopback', async () => {
    const listener = await listen();
    const response = await postInitialize({
      url: listener.url,
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain("Origin 'https://evil.example.com' is not allowed.");
  });

  it('accepts loopback Host and Origin headers, on any port', async () => {
    const listener = await listen();
    const responses = await Promise.all([
      postInitialize({ url: listener.url, headers: { host: `localhost:${listener.port}` } }),
      postInitialize({ url: listener.url, headers: { origin: 'http://localhost:6274' } }),
      postInitialize({ url: listener.url }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
  });

  it('accepts the hosts and origins it is told to', async () => {
    const listener = await listen({ allowedHosts: ['mock.test'], allowedOrigins: ['https://app.example'] });
    const responses = await Promise.all([
      postInitialize({ url: listener.url, headers: { host: 'mock.test', origin: 'https://app.example' } }),
      postInitialize({ url: listener.url, headers: { host: 'mock.test', origin: 'http://mock.test:1234' } }),
      postInitialize({ url: listener.url, headers: { host: `127.0.0.1:${listener.port}` } }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 403]);
  });

  it('accepts anything with *', async () => {
    const listener = await listen({ allowedHosts: ['*'], allowedOrigins: ['*'] });
    const response = await postInitialize({
      url: listener.url,
      headers: { host: 'evil.example.com', origin: 'http://evil.example.com' },
    });
    expect(response.status).toBe(200);
  });

  it('writes an IPv6 address in brackets in its URL', async () => {
    const listener = await listen({ host: '::1' });
    expect(listener.url).toBe(`http://[::1]:${listener.port}/mcp`);
    expect((await postInitialize({ url: listener.url })).status).toBe(200);
  });
});
