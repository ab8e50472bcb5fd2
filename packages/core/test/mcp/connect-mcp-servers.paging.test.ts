import { getEventListeners } from 'node:events';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers } from '../../src/mcp/index.js';
import { createDeferred } from '../deferred.js';

const pageCount = 30;

/** A server whose `tools/list` answers in `pageCount` pages of one tool each. */
function createPagingServer() {
  const mcpServer = new McpServer(
    { name: 'paging', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  mcpServer.server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const page = Number(request.params?.cursor ?? 0);
    return {
      tools: [{ name: `tool_${page}`, inputSchema: { type: 'object' as const } }],
      ...(page + 1 < pageCount ? { nextCursor: String(page + 1) } : {}),
    };
  });
  const config = {
    createTransport: async () => {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await mcpServer.connect(serverTransport);
      return clientTransport;
    },
  };
  return { server: mcpServer.server, config };
}

const warnings: Error[] = [];
const recordWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off('warning', recordWarning);
  warnings.length = 0;
});

describe(`a tools/list of ${pageCount} pages`, () => {
  it('leaves no listener on the caller’s signal, and cancels none of its pages when that signal aborts later', async () => {
    const { server, config } = createPagingServer();
    const sent: JSONRPCMessage[] = [];
    const changed = createDeferred();
    const mcp = await connectMcpServers(
      { servers: { paging: config } },
      {
        onMessage: ({ direction, message }) => {
          if (direction === 'sent') sent.push(message);
        },
        onToolsChanged: () => {
          changed.resolve();
        },
      },
    );
    try {
      // The tools were listed at connect: a change makes the next listTools() ask the server again.
      await server.sendToolListChanged();
      await changed.promise;
      const turn = new AbortController();
      const tools = await mcp.listTools({ signal: turn.signal });
      turn.abort(new Error('The turn ended.'));

      expect(tools).toHaveLength(pageCount);
      expect(getEventListeners(turn.signal, 'abort')).toEqual([]);
      expect(
        sent.filter((message) => 'method' in message && message.method === 'notifications/cancelled'),
      ).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it('warns of no listener leak (MaxListenersExceededWarning) while connecting', async () => {
    process.on('warning', recordWarning);

    const mcp = await connectMcpServers({ servers: { paging: createPagingServer().config } });
    await mcp.close();
    // A warning is emitted on the next tick of the event loop.
    await new Promise((resolve) => setImmediate(resolve));

    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });
});
