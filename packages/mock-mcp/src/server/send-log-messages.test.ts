import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const chatty = {
  name: 'chatty',
  responses: [
    {
      log: [
        { level: 'debug' as const, data: 'details' },
        { level: 'info' as const, data: { step: 1 }, logger: 'worker' },
        { level: 'error' as const, data: 'it broke', delayMs: 5 },
      ],
      text: 'done',
    },
  ],
};

async function connectLogging(spec: MockServerSpecInput): Promise<{ client: Client; logged: unknown[] }> {
  server = createMockMcpServer(spec);
  const client = await connectClient({ server });
  const logged: unknown[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logged.push(notification.params);
  });
  return { client, logged };
}

describe('log', () => {
  it('sends every log message before the result when the client set no level', async () => {
    const { client, logged } = await connectLogging({ tools: [chatty] });
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(logged).toEqual([
      { level: 'debug', data: 'details' },
      { level: 'info', data: { step: 1 }, logger: 'worker' },
      { level: 'error', data: 'it broke' },
    ]);
  });

  it('sends only the messages at or above the level the client set', async () => {
    const { client, logged } = await connectLogging({ tools: [chatty] });
    expect(await client.setLoggingLevel('warning')).toEqual({});
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(logged).toEqual([{ level: 'error', data: 'it broke' }]);
  });

  it("starts from the spec's level until the client sets one", async () => {
    const { client, logged } = await connectLogging({ tools: [chatty], logging: { level: 'info' } });
    await client.callTool({ name: 'chatty', arguments: {} });
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(logged.map((params) => (params as { level: string }).level)).toEqual([
      'info',
      'error',
      'debug',
      'info',
      'error',
    ]);
  });

  it('keeps each session at its own level', async () => {
    const { client, logged } = await connectLogging({ tools: [chatty] });
    await client.setLoggingLevel('emergency');
    const other = await connectClient({ server: server! });
    const otherLogged: unknown[] = [];
    other.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      otherLogged.push(notification.params);
    });
    await other.callTool({ name: 'chatty', arguments: {} });
    await client.callTool({ name: 'chatty', arguments: {} });
    expect([logged.length, otherLogged.length]).toEqual([0, 3]);
  });

  it('has no logging capability when nothing logs and the spec does not declare it', async () => {
    const { client } = await connectLogging({ tools: [{ name: 'quiet', responses: [{ text: 'hi' }] }] });
    expect(client.getServerCapabilities()?.logging).toBeUndefined();
  });

  it('refuses to add a tool that logs to a server without logging', async () => {
    server = createMockMcpServer({ tools: [] });
    await expect(server.addTool(chatty)).rejects.toThrow(
      "Cannot add tool 'chatty': it sends log messages, but the server did not declare logging. Add logging: {} to the spec.",
    );
  });
});
