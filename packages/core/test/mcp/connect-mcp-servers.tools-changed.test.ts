import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ToolSourceError } from '../../src/errors/tool-source-error.js';
import { connectMcpServers, type McpToolSource } from '../../src/mcp/index.js';
import { createDeferred } from '../deferred.js';

const signal = new AbortController().signal;
const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });
const namesOf = async (mcp: McpToolSource) => (await mcp.listTools({ signal })).map((listed) => listed.name);

/**
 * A server whose `tools/list` answers with the `tools` it had when the request came in, or with an error
 * while `failures` lasts; `beforeAnswer` runs inside the request, before the answer is sent. While
 * `startFails`, it cannot be started (connected) again.
 */
function createChangingServer() {
  const mcpServer = new McpServer(
    { name: 'changing', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  // On the low-level server: the tools here are plain JSON Schema, not zod shapes.
  const server = mcpServer.server;
  const state = { tools: [tool('search')], failures: 0, beforeAnswer: async () => {}, startFails: false };
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = state.tools;
    await state.beforeAnswer();
    if (state.failures > 0) {
      state.failures -= 1;
      throw new Error('the tool index is being rebuilt');
    }
    return { tools };
  });
  const config = {
    createTransport: async () => {
      if (state.startFails) throw new Error('the server cannot start');
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await mcpServer.connect(serverTransport);
      return clientTransport;
    },
  };
  return { server, state, config };
}

describe('notifications/tools/list_changed', () => {
  it('a failed re-list rejects listTools() naming the server, and the next listTools() lists again', async () => {
    const { server, state, config } = createChangingServer();
    const changed = createDeferred();
    const mcp = await connectMcpServers(
      { servers: { changing: config } },
      {
        onToolsChanged: () => {
          changed.resolve();
        },
      },
    );
    try {
      expect(await namesOf(mcp)).toEqual(['search']);
      state.tools = [tool('search'), tool('fetch')];
      state.failures = 1;
      await server.sendToolListChanged();
      await changed.promise;

      const error: unknown = await mcp.listTools({ signal }).catch((caught: unknown) => caught);
      expect(ToolSourceError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        "MCP server 'changing' failed to list its tools (tools/list): the tool index is being rebuilt. The next listTools() asks it again.",
      );
      expect(await namesOf(mcp)).toEqual(['search', 'fetch']);
    } finally {
      await mcp.close();
    }
  });

  it('a change announced while the server is being listed is listed on the next listTools()', async () => {
    const { server, state, config } = createChangingServer();
    const changed = createDeferred();
    const mcp = await connectMcpServers(
      { servers: { changing: config } },
      {
        onToolsChanged: () => {
          changed.resolve();
        },
      },
    );
    try {
      state.tools = [tool('search'), tool('fetch')];
      await server.sendToolListChanged();
      await changed.promise;
      state.beforeAnswer = async () => {
        state.beforeAnswer = async () => {};
        state.tools = [tool('fetch')];
        await server.sendToolListChanged();
      };

      // This listing's answer is out of date when it arrives: the server changed again meanwhile.
      expect(await namesOf(mcp)).toEqual(['search', 'fetch']);
      expect(await namesOf(mcp)).toEqual(['fetch']);
    } finally {
      await mcp.close();
    }
  });

  it('a server whose session ended is listed again in a new session, with the tools it has now', async () => {
    const { server, state, config } = createChangingServer();
    const told: string[] = [];
    const mcp = await connectMcpServers(
      { servers: { changing: config } },
      {
        onToolsChanged: (name) => {
          told.push(name);
        },
      },
    );
    try {
      expect(await namesOf(mcp)).toEqual(['search']);
      const ended = createDeferred();
      server.onclose = () => {
        ended.resolve();
      };
      // The server ends its session (a crash), and has other tools when it is started again.
      await server.close();
      await ended.promise;
      state.tools = [tool('fetch')];

      expect(await namesOf(mcp)).toEqual(['fetch']);
      // No server said its tools changed: the host's callback hears only notifications.
      expect(told).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it('a server whose session ended and that cannot start again keeps its tools, and the others theirs', async () => {
    const changing = createChangingServer();
    const steady = createChangingServer();
    steady.state.tools = [tool('lookup')];
    const mcp = await connectMcpServers({ servers: { changing: changing.config, steady: steady.config } });
    try {
      const ended = createDeferred();
      changing.server.onclose = () => {
        ended.resolve();
      };
      await changing.server.close();
      await ended.promise;
      changing.state.startFails = true;

      // Listed as before: a call of its tool fails as that call's error, not the turn.
      expect(await namesOf(mcp)).toEqual(['search', 'lookup']);
      changing.state.startFails = false;
      changing.state.tools = [tool('fetch')];
      // Asked again at the next listing, which starts it.
      expect(await namesOf(mcp)).toEqual(['fetch', 'lookup']);
    } finally {
      await mcp.close();
    }
  });

  it('a server that cannot start says why in a sentence of its own', async () => {
    const { state, config } = createChangingServer();
    state.startFails = true;

    await expect(connectMcpServers({ servers: { changing: config } })).rejects.toThrow(
      "MCP server 'changing' failed to start: the server cannot start.",
    );
  });
});
