import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const tool = (name: string) => ({ name, responses: [{ text: name }] });

describe('toolsPageSize', () => {
  it('lists the tools in pages of that size, each with the cursor of the next until the last', async () => {
    server = createMockMcpServer({ toolsPageSize: 2, tools: ['a', 'b', 'c', 'd', 'e'].map(tool) });
    const client = await connectClient({ server });

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      pages.push(page.tools.map((listed) => listed.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);

    expect(pages).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('refuses a cursor it did not give, as invalid params', async () => {
    server = createMockMcpServer({ toolsPageSize: 2, tools: ['a', 'b', 'c'].map(tool) });
    const client = await connectClient({ server });

    await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message:
        "MCP error -32602: Invalid cursor 'not-a-cursor': give the nextCursor of a page of tools/list.",
    });
  });

  it('lists every tool in one page without it', async () => {
    server = createMockMcpServer({ tools: ['a', 'b', 'c'].map(tool) });
    const client = await connectClient({ server });

    const page = await client.listTools();

    expect(page.tools.map((listed) => listed.name)).toEqual(['a', 'b', 'c']);
    expect(page.nextCursor).toBeUndefined();
  });
});
