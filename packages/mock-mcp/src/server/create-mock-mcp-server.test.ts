import { ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { nextCallEnd } from '../../test/next-call-end.js';
import { MockSpecError } from '../errors/mock-spec-error.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function createServer(): MockMcpServer {
  server = createMockMcpServer({
    tools: [
      { name: 'stuck', responses: [{ hang: true }] },
      { name: 'boom', responses: [{ crash: true }] },
      { name: 'slow', responses: [{ text: 'late', delayMs: 60_000 }] },
      { name: 'echo', responses: [{ text: 'hi' }] },
    ],
  });
  return server;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('The call succeeded.'),
    (error: unknown) => error,
  );
}

describe('hang', () => {
  it('never answers: a short client timeout fails the call and the cancellation ends it on the server', async () => {
    const server = createServer();
    const client = await connectClient({ server });
    const ended = nextCallEnd(server);
    const error = await failureOf(
      client.callTool({ name: 'stuck', arguments: {} }, undefined, { timeout: 30 }),
    );
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.RequestTimeout });
    expect(await ended).toMatchObject({ tool: 'stuck', outcome: 'cancelled' });
  });

  it('ends when the client aborts the request', async () => {
    const server = createServer();
    const client = await connectClient({ server });
    const abort = new AbortController();
    const ended = nextCallEnd(server);
    const call = failureOf(
      client.callTool({ name: 'stuck', arguments: {} }, undefined, { signal: abort.signal }),
    );
    abort.abort(new Error('test aborts'));
    expect(await call).toMatchObject({ message: expect.stringContaining('test aborts') as unknown });
    expect(await ended).toMatchObject({ outcome: 'cancelled' });
  });

  it('ends when the server closes, and the client sees the connection close', async () => {
    const server = createServer();
    const client = await connectClient({ server });
    const call = failureOf(client.callTool({ name: 'stuck', arguments: {} }));
    // Requests are handled in order: when this answer arrives, the server has started the call.
    await client.listTools();
    expect(server.calls).toHaveLength(1);
    await server.close();
    expect(await call).toMatchObject({ code: ErrorCode.ConnectionClosed });
    expect(server.calls[0]).toMatchObject({ tool: 'stuck', outcome: 'cancelled' });
  });
});

describe('crash', () => {
  it('closes the in-memory transport mid-call: the client sees the call fail and the connection close', async () => {
    const server = createServer();
    const client = await connectClient({ server });
    const closed = new Promise<void>((resolve) => {
      client.onclose = resolve;
    });
    const error = await failureOf(client.callTool({ name: 'boom', arguments: {} }));
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.ConnectionClosed });
    await closed;
    expect(server.calls[0]).toMatchObject({ tool: 'boom', outcome: 'crash', responseIndex: 0 });
  });

  it('leaves the other sessions running', async () => {
    const server = createServer();
    const crashing = await connectClient({ server });
    const other = await connectClient({ server });
    await failureOf(crashing.callTool({ name: 'boom', arguments: {} }));
    expect(await other.callTool({ name: 'echo', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
  });
});

describe('close', () => {
  it('ends a pending delay at once', async () => {
    const server = createServer();
    const client = await connectClient({ server });
    const ended = nextCallEnd(server);
    const call = failureOf(client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 120_000 }));
    await client.listTools();
    const closedAt = performance.now();
    await server.close();
    expect(await ended).toMatchObject({ outcome: 'cancelled' });
    expect(performance.now() - closedAt).toBeLessThan(1_000);
    expect(await call).toMatchObject({ code: ErrorCode.ConnectionClosed });
  });

  it('refuses new sessions after close', async () => {
    const server = createServer();
    await server.close();
    await expect(server.connectInMemory()).rejects.toThrow('The mock MCP server was closed.');
  });
});

describe('addTool and removeTool', () => {
  it('send notifications/tools/list_changed, and the list follows', async () => {
    const server = createServer();
    const client = await connectClient({ server });
    let changes = 0;
    let notify: () => void = () => undefined;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes += 1;
      notify();
    });
    const added = new Promise<void>((resolve) => (notify = resolve));
    await server.addTool({ name: 'fresh', description: 'New', responses: [{ text: 'new' }] });
    await added;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'stuck',
      'boom',
      'slow',
      'echo',
      'fresh',
    ]);
    expect(await client.callTool({ name: 'fresh', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'new' }],
    });

    const removed = new Promise<void>((resolve) => (notify = resolve));
    await server.removeTool('stuck');
    await removed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'boom',
      'slow',
      'echo',
      'fresh',
    ]);
    expect(changes).toBe(2);
  });

  it('validate the added tool', async () => {
    const server = createServer();
    await expect(server.addTool({ name: 'bad', responses: [{}] })).rejects.toThrow(MockSpecError);
  });

  it('refuse to remove a tool that does not exist', async () => {
    const server = createServer();
    await expect(server.removeTool('nope')).rejects.toThrow("Cannot remove tool 'nope': no such tool.");
  });
});

describe('createMockMcpServer', () => {
  it('throws a MockSpecError naming the field path for an invalid spec', () => {
    expect(() =>
      createMockMcpServer({ tools: [{ name: 'a', responses: [{ text: 'x', hang: true }] }] }),
    ).toThrow('tools[0].responses[0]: A response does one thing, but this one has text and hang.');
  });
});
