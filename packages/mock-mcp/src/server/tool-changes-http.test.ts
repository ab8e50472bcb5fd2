import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectOver } from '../../test/connect-client.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('changes over HTTP', () => {
  it("announces a change a call made on that call's stream, before its answer", async () => {
    server = createMockMcpServer({
      transport: 'http',
      tools: [{ name: 'search', responses: [{ text: 'found' }] }],
      changes: [{ after: { calls: 1 }, remove: ['search'], add: [{ name: 'lookup', responses: [] }] }],
    });
    const { url } = await server.listenHttp();
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(url)));
    const events: string[] = [];
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      events.push('list_changed');
    });

    await client.callTool({ name: 'search', arguments: {} });
    events.push('answer');

    expect(events).toEqual(['list_changed', 'answer']);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['lookup']);
    await client.close();
  });
});
