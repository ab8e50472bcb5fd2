import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import type { MockResponseInput } from '../spec/mock-response-schema.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server with one tool `probe` answering with these responses, and a client connected to it. */
async function probeWith(responses: MockResponseInput[]) {
  server = createMockMcpServer({ tools: [{ name: 'probe', responses }] });
  const client = await connectClient({ server });
  return { server, client };
}

describe('answerWithResponse over in-memory transport', () => {
  it('answers text as one text block', async () => {
    const { client } = await probeWith([{ text: 'hello' }]);
    expect(await client.callTool({ name: 'probe', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'hello' }],
    });
  });

  it('answers content blocks as they are (text and image)', async () => {
    const { client } = await probeWith([
      {
        content: [
          { type: 'text', text: 'a chart' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
      },
    ]);
    expect(await client.callTool({ name: 'probe', arguments: {} })).toEqual({
      content: [
        { type: 'text', text: 'a chart' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
  });

  it('answers structuredContent with its JSON as text too', async () => {
    const { client } = await probeWith([{ structuredContent: { temperature: 21 } }]);
    expect(await client.callTool({ name: 'probe', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '{"temperature":21}' }],
      structuredContent: { temperature: 21 },
    });
  });

  it('answers error as an isError result', async () => {
    const { client } = await probeWith([{ error: 'No such course' }]);
    expect(await client.callTool({ name: 'probe', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'No such course' }],
      isError: true,
    });
  });

  it('answers throw with a message as a JSON-RPC InternalError', async () => {
    const { client } = await probeWith([{ throw: 'database is down' }]);
    const error = await client.callTool({ name: 'probe', arguments: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32603, message: 'MCP error -32603: database is down' });
  });

  it('answers throw with a code, message and data as that JSON-RPC error', async () => {
    const { client } = await probeWith([
      { throw: { code: -32050, message: 'rate limited', data: { retryAfter: 3 } } },
    ]);
    const error = await client.callTool({ name: 'probe', arguments: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: -32050,
      message: 'MCP error -32050: rate limited',
      data: { retryAfter: 3 },
    });
  });

  it('waits delayMs before it answers', async () => {
    const { server, client } = await probeWith([{ text: 'late', delayMs: 40 }]);
    const started = performance.now();
    await client.callTool({ name: 'probe', arguments: {} });
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    const [call] = server.calls;
    expect(call!.endedAt! - call!.startedAt).toBeGreaterThanOrEqual(39);
  });

  it('sends progress notifications with the request progress token before it answers', async () => {
    const { client } = await probeWith([
      {
        text: 'done',
        progress: [
          { progress: 1, total: 2, message: 'half way' },
          { progress: 2, total: 2 },
        ],
      },
    ]);
    const seen: unknown[] = [];
    const result = await client.callTool({ name: 'probe', arguments: {} }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(seen).toEqual([
      { progress: 1, total: 2, message: 'half way' },
      { progress: 2, total: 2 },
    ]);
    expect(result).toEqual({ content: [{ type: 'text', text: 'done' }] });
  });

  it('sends no progress notifications when the client asked for none', async () => {
    const { server, client } = await probeWith([{ text: 'done', progress: [{ progress: 1 }] }]);
    expect(await client.callTool({ name: 'probe', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'done' }],
    });
    expect(server.calls[0]?.outcome).toBe('result');
  });
});
