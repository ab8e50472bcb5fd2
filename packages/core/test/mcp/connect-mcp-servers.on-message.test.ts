import { createMockMcpServer, type MockMcpServer } from '@toolloop/mock-mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { runToolLoop } from '../../src/loop/run-tool-loop.js';
import { connectMcpServers, type McpMessageRecord } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';

const openServers: MockMcpServer[] = [];
afterEach(async () => {
  await Promise.all(openServers.splice(0).map((server) => server.close()));
});

function inMemoryLookup(protocol: 'both' | '2025-11-25' = 'both') {
  const server = createMockMcpServer({
    protocol,
    tools: [{ name: 'lookup', inputSchema: { type: 'object' }, responses: [{ text: 'found it' }] }],
  });
  openServers.push(server);
  return { createTransport: () => server.connectInMemory() };
}

const summarize = (records: McpMessageRecord[]) =>
  records.map(({ server, direction, message }) => ({
    server,
    direction,
    method: 'method' in message ? message.method : undefined,
    result: 'result' in message ? message.result : undefined,
  }));

/**
 * Runs one turn that calls `lookup` on an in-memory server, and closes it: every message recorded both ways,
 * and the revision spoken.
 */
async function recordLookupTurn(
  protocol: 'both' | '2025-11-25' = 'both',
): Promise<{ records: McpMessageRecord[]; versions: Record<string, string | undefined> }> {
  const records: McpMessageRecord[] = [];
  const mcp = await connectMcpServers(
    { servers: { docs: inMemoryLookup(protocol) } },
    { onMessage: (record) => records.push(record) },
  );
  try {
    await runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ name: 'lookup', input: { q: 'x' } }] }, { text: 'ok' }]),
      tools: [mcp],
      prompt: 'Look it up.',
    }).result;
    return { records, versions: mcp.protocolVersions() };
  } finally {
    await mcp.close();
  }
}

describe('connectMcpServers onMessage', () => {
  it('shows every message both ways, named by server: the listing, the call and its answer', async () => {
    const { records } = await recordLookupTurn('2025-11-25');
    const seen = summarize(records);
    const sent = seen.filter((record) => record.direction === 'sent').map((record) => record.method);
    // First the question which protocol revision the server speaks (it is a 2025-11-25 server, which says it
    // does not know the method), then that revision's handshake.
    expect(sent.slice(0, 5)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
    ]);
    expect(seen.every((record) => record.server === 'docs')).toBe(true);
    const call = records.find(
      (record) =>
        record.direction === 'sent' && 'method' in record.message && record.message.method === 'tools/call',
    );
    expect(call?.message).toMatchObject({ params: { name: 'lookup', arguments: { q: 'x' } } });
    const answer = records.find(
      (record) =>
        record.direction === 'received' &&
        'id' in record.message &&
        'id' in (call?.message ?? {}) &&
        record.message.id === (call?.message as { id: unknown }).id,
    );
    expect(answer?.message).toMatchObject({ result: { content: [{ type: 'text', text: 'found it' }] } });
  });

  it('shows a 2026-07-28 exchange: the question of the revision answered, then requests without a handshake', async () => {
    const { records, versions } = await recordLookupTurn();
    expect(versions).toEqual({ docs: '2026-07-28' });
    const sent = summarize(records)
      .filter((record) => record.direction === 'sent')
      .map((record) => record.method)
      // The stream of list changes is opened beside the requests, not waited for.
      .filter((method) => method !== 'subscriptions/listen');
    expect(sent).toEqual(['server/discover', 'tools/list', 'tools/call']);
  });

  it('sends no cancellation for an answered request (the handshake, a tool call) when the turn or the connection ends', async () => {
    const { records } = await recordLookupTurn();

    expect(summarize(records).filter((record) => record.method === 'notifications/cancelled')).toEqual([]);
  });

  it('sends no cancellation for an answered tool call when its signal aborts later', async () => {
    const records: McpMessageRecord[] = [];
    const mcp = await connectMcpServers(
      { servers: { docs: inMemoryLookup() } },
      { onMessage: (record) => records.push(record) },
    );
    const session = new AbortController();
    try {
      // A host may call tools itself, with a signal that lives longer than the call (its session's).
      await mcp.listTools({ signal: new AbortController().signal });
      const output = await mcp.callTool({
        toolCallId: 'call_1',
        name: 'lookup',
        input: {},
        signal: session.signal,
      });
      expect(output.content).toEqual([{ type: 'text', text: 'found it' }]);
      session.abort(new Error('The session ended.'));
      // A message the client sends after the abort arrives behind any cancellation it sent on the abort.
      await mcp.listTools({ signal: new AbortController().signal });
    } finally {
      await mcp.close();
    }

    expect(summarize(records).filter((record) => record.method === 'notifications/cancelled')).toEqual([]);
  });

  it('keeps the traffic going when the watcher throws', async () => {
    const mcp = await connectMcpServers(
      { servers: { docs: inMemoryLookup() } },
      {
        onMessage: () => {
          throw new Error('watcher broke');
        },
      },
    );
    try {
      const run = runToolLoop({
        model: createScriptedModel([{ toolCalls: [{ name: 'lookup', input: {} }] }, { text: 'ok' }]),
        tools: [mcp],
        prompt: 'Look it up.',
      });
      const result = await run.result;
      expect(result.toolCalls.map((call) => call.output)).toEqual([
        { content: [{ type: 'text', text: 'found it' }] },
      ]);
    } finally {
      await mcp.close();
    }
  });
});
