import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../../test/text-of.js';
import { createMockStdioParameters } from './create-mock-stdio-parameters.js';

let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('mock-mcp over stdio: changes of the tool list', () => {
  it('applies a change after a number of calls in the child process and tells the client', async () => {
    const transport = new StdioClientTransport({
      ...createMockStdioParameters({
        spec: {
          transport: 'stdio',
          tools: [{ name: 'search', responses: [{ text: 'found' }] }],
          changes: [
            {
              after: { calls: 2, tool: 'search' },
              remove: ['search'],
              add: [{ name: 'lookup', responses: [{ text: 'looked up' }] }],
            },
          ],
        },
      }),
      stderr: 'pipe',
    });
    client = new Client({ name: 'test-client', version: '1.0.0' });
    const events: string[] = [];
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      events.push('list_changed');
    });
    await client.connect(transport);

    await client.callTool({ name: 'search', arguments: {} });
    events.push('first answer');
    await client.callTool({ name: 'search', arguments: {} });
    events.push('second answer');

    expect(events).toEqual(['first answer', 'list_changed', 'second answer']);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['lookup']);
    await expect(client.callTool({ name: 'search', arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "MCP error -32602: Unknown tool 'search'. Available tools: lookup.",
    });
    expect(textOf(await client.callTool({ name: 'lookup', arguments: {} }))).toBe('looked up');
  });
});
