import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { textOf } from '../../test/text-of.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const search = { name: 'search', responses: [{ text: 'found' }] };
const lookup = { name: 'lookup', responses: [{ text: 'looked up' }] };

/** A client connected in memory that records, in order, each list_changed and what the test marks. */
async function connectWatching(spec: MockServerSpecInput): Promise<{ client: Client; events: string[] }> {
  server = createMockMcpServer(spec);
  const client = await connectClient({ server });
  const events: string[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    events.push('list_changed');
  });
  return { client, events };
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

describe('changes after a number of calls', () => {
  it('applies the change once the call that makes the count is answered, announcing it before that answer', async () => {
    const { client, events } = await connectWatching({
      tools: [search],
      changes: [{ after: { calls: 2 }, remove: ['search'], add: [lookup] }],
    });

    await client.callTool({ name: 'search', arguments: {} });
    events.push('first answer');
    const second = await client.callTool({ name: 'search', arguments: {} });
    events.push('second answer');

    expect(textOf(second)).toBe('found');
    expect(events).toEqual(['first answer', 'list_changed', 'second answer']);
    expect(await toolNames(client)).toEqual(['lookup']);
  });

  it('refuses a call of a removed tool as unknown, naming the tools there are', async () => {
    const { client } = await connectWatching({
      tools: [search],
      changes: [{ after: { calls: 1 }, remove: ['search'], add: [lookup] }],
    });
    await client.callTool({ name: 'search', arguments: {} });

    await expect(client.callTool({ name: 'search', arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "MCP error -32602: Unknown tool 'search'. Available tools: lookup.",
    });
    expect(textOf(await client.callTool({ name: 'lookup', arguments: {} }))).toBe('looked up');
  });

  it('counts only the calls of the named tool when the trigger names one', async () => {
    const { client, events } = await connectWatching({
      tools: [search, lookup],
      changes: [{ after: { calls: 1, tool: 'lookup' }, remove: ['search'] }],
    });
    await client.callTool({ name: 'search', arguments: {} });
    await client.callTool({ name: 'search', arguments: {} });
    expect(await toolNames(client)).toEqual(['search', 'lookup']);

    await client.callTool({ name: 'lookup', arguments: {} });

    expect(events).toEqual(['list_changed']);
    expect(await toolNames(client)).toEqual(['lookup']);
  });

  it('replaces a tool: its new definition is listed and its new responses answer', async () => {
    const { client } = await connectWatching({
      tools: [search],
      changes: [
        {
          after: { calls: 1 },
          replace: [{ name: 'search', description: 'Searches v2.', responses: [{ text: 'found v2' }] }],
        },
      ],
    });
    await client.callTool({ name: 'search', arguments: {} });

    expect((await client.listTools()).tools).toEqual([
      { name: 'search', description: 'Searches v2.', inputSchema: { type: 'object' } },
    ]);
    expect(textOf(await client.callTool({ name: 'search', arguments: {} }))).toBe('found v2');
  });

  it('sends list_changed to every session', async () => {
    const { client } = await connectWatching({
      tools: [search],
      changes: [{ after: { calls: 1 }, add: [lookup] }],
    });
    const other = await connectClient({ server: server as MockMcpServer });
    const told = new Promise<void>((resolve) => {
      other.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        resolve();
      });
    });

    await client.callTool({ name: 'search', arguments: {} });

    await told;
    expect(await toolNames(other)).toEqual(['search', 'lookup']);
  });
});

describe('changes at a turn', () => {
  it('applies a change as its turn starts, and resolves with it once every session is told', async () => {
    const { client, events } = await connectWatching({
      tools: [search],
      changes: [{ after: { turn: 2 }, add: [lookup] }],
    });
    const current = server as MockMcpServer;

    expect(await current.startTurn(1)).toEqual({ changes: [], sessionsNotified: 0 });
    expect(await current.startTurn(2)).toEqual({
      changes: [{ after: { turn: 2 }, add: [{ ...lookup, inputSchema: { type: 'object' } }] }],
      sessionsNotified: 1,
    });
    expect(await toolNames(client)).toEqual(['search', 'lookup']);
    expect(events).toEqual(['list_changed']);
    expect(await current.startTurn(3)).toEqual({ changes: [], sessionsNotified: 0 });
  });

  it('says that no session was told when the only one ended (a crash): a new session lists the new tools', async () => {
    const { client } = await connectWatching({
      tools: [{ name: 'search', responses: [{ crash: true }] }],
      changes: [{ after: { turn: 2 }, add: [lookup] }],
    });
    const current = server as MockMcpServer;
    await client.callTool({ name: 'search', arguments: {} }).catch(() => undefined);

    expect((await current.startTurn(2)).sessionsNotified).toBe(0);
    const next = await connectClient({ server: current });
    expect(await toolNames(next)).toEqual(['search', 'lookup']);
  });

  it('applies the changes in the order listed: one due earlier waits for the one before it', async () => {
    const { client, events } = await connectWatching({
      transport: 'http',
      tools: [search],
      changes: [
        { after: { turn: 2 }, add: [lookup] },
        { after: { calls: 1 }, remove: ['search'] },
      ],
    });
    const current = server as MockMcpServer;
    await client.callTool({ name: 'search', arguments: {} });
    expect(await toolNames(client)).toEqual(['search']);

    await current.startTurn(2);

    expect(await toolNames(client)).toEqual(['lookup']);
    expect(events).toEqual(['list_changed']);
  });
});
