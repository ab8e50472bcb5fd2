import { createServer } from 'node:net';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectOver } from '../../test/connect-client.js';
import { textOf } from '../../test/text-of.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function createServerWithEcho(): MockMcpServer {
  server = createMockMcpServer({
    transport: 'http',
    tools: [
      {
        name: 'echo',
        inputSchema: { type: 'object' },
        responses: [{ match: { word: 'hi' }, text: 'hello' }],
      },
    ],
  });
  return server;
}

/** Resolves when something can listen on this port again. */
function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

describe('listenHttp', () => {
  it('serves list and call over streamable HTTP on a loopback port', async () => {
    const server = createServerWithEcho();
    const listener = await server.listenHttp({ port: 0 });
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(listener.url)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(await client.callTool({ name: 'echo', arguments: { word: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'hello' }],
    });
    expect(server.calls.map((call) => call.outcome)).toEqual(['result']);
    await client.close();
    await listener.close();
  });

  it('gives each client its own session, sharing the record', async () => {
    const server = createServerWithEcho();
    const listener = await server.listenHttp();
    const first = new StreamableHTTPClientTransport(new URL(listener.url));
    const second = new StreamableHTTPClientTransport(new URL(listener.url));
    const clients = [await connectOver(first), await connectOver(second)];
    expect(first.sessionId).toBeDefined();
    expect(first.sessionId).not.toBe(second.sessionId);
    for (const client of clients) await client.callTool({ name: 'echo', arguments: { word: 'hi' } });
    expect(server.calls).toHaveLength(2);
    for (const client of clients) await client.close();
    await listener.close();
  });

  it('frees the port on close', async () => {
    const server = createServerWithEcho();
    const listener = await server.listenHttp();
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(listener.url)));
    await client.listTools();
    await client.close();
    expect(await canListenOn(listener.port)).toBe(false);
    await listener.close();
    expect(await canListenOn(listener.port)).toBe(true);
  });

  it('answers a request without a session that is not initialize with 400', async () => {
    const server = createServerWithEcho();
    const listener = await server.listenHttp();
    const response = await fetch(listener.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(400);
    await listener.close();
  });

  it('closes its listeners when the server closes', async () => {
    const server = createServerWithEcho();
    const listener = await server.listenHttp();
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(listener.url)));
    await client.listTools();
    await client.close();
    await server.close();
    expect(await canListenOn(listener.port)).toBe(true);
  });

  it('drops the session connections on crash: the pending call fails', async () => {
    server = createMockMcpServer({ tools: [{ name: 'boom', responses: [{ crash: true }] }] });
    const listener = await server.listenHttp();
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(listener.url)));
    client.onerror = () => undefined;
    await expect(client.callTool({ name: 'boom', arguments: {} })).rejects.toThrow('fetch failed');
    expect(server.calls[0]).toMatchObject({ tool: 'boom', outcome: 'crash' });
    await client.close();
    await listener.close();
  });

  it('sends sampling requests and progress on the call stream', async () => {
    const sample = {
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Summarize' } }],
    };
    server = createMockMcpServer({
      tools: [{ name: 'ask', responses: [{ sample, progress: [{ progress: 1 }] }] }],
    });
    const listener = await server.listenHttp();
    const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, () => ({
      role: 'assistant',
      model: 'fake',
      content: { type: 'text', text: 'A summary.' },
    }));
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    const progress: number[] = [];
    const result = await client.callTool({ name: 'ask', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    expect(textOf(result)).toBe('A summary.');
    expect(progress).toEqual([1]);
    await client.close();
    await listener.close();
  });
});
