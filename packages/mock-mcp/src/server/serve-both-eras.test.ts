import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { createMockStdioParameters } from '../index.js';
import { bookSpec, legacy, modern, useBothErasKit } from '../../test/both-eras-kit.js';

const { serve, modernClient, track } = useBothErasKit();

describe('a mock serving both revisions, in memory', () => {
  it('speaks 2026-07-28 to a client that asks for it, and 2025-11-25 to one that opens with initialize', async () => {
    const server = serve(bookSpec);
    const client = modernClient();
    await client.connect(await server.connectInMemory());
    expect(client.getNegotiatedProtocolVersion()).toBe(modern);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'book', 'plan']);
    expect(await client.callTool({ name: 'echo', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });

    const older = new LegacyClient({ name: 'old', version: '1.0.0' });
    track(older);
    await older.connect(await server.connectInMemory());
    expect(older.getServerVersion()).toMatchObject({ name: 'mock-mcp' });
    expect(await older.callTool({ name: 'echo', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(server.calls.map((call) => call.protocol)).toEqual([modern, legacy]);
  });

  it('answers a call that asks the user with input_required, and the retry with the answer', async () => {
    const server = serve(bookSpec);
    const client = modernClient({ seats: 2 });
    await client.connect(await server.connectInMemory());
    expect(await client.callTool({ name: 'book', arguments: { city: 'Lyon' } })).toMatchObject({
      content: [{ type: 'text', text: 'Booked 2 seats.' }],
    });
    const [call] = server.calls;
    expect(call).toMatchObject({ tool: 'book', protocol: modern, outcome: 'result', inputRounds: 1 });
    expect(call!.elicitation).toEqual([
      {
        request: { mode: 'form', message: 'Book {{city}}?', requestedSchema: expect.any(Object) as unknown },
        result: { action: 'accept', content: { seats: 2 } },
      },
    ]);
  });

  it('asks each sampling request of a sampled tool loop in a round of its own, sending progress once', async () => {
    const server = serve(bookSpec);
    let progressSeen = 0;
    const client = modernClient();
    await client.connect(await server.connectInMemory());
    const result = await client.callTool(
      { name: 'plan', arguments: {} },
      { onprogress: (progress) => (progressSeen += progress.message === 'planning' ? 1 : 0) },
    );
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Trip to Lyon' }] });
    const [call] = server.calls;
    expect(call).toMatchObject({ tool: 'plan', outcome: 'result', inputRounds: 2 });
    expect(call!.sampling.map((exchange) => exchange.request.messages.length)).toEqual([1, 3]);
    expect(call!.sampling.every((exchange) => exchange.result !== undefined)).toBe(true);
    // The response's progress went out once, not again with each retry (the SDK reports the rounds too).
    expect(progressSeen).toBe(1);
  });

  it('takes the follow-up of the action the user chose', async () => {
    const server = serve(bookSpec);
    const client = modernClient();
    await client.connect(await server.connectInMemory());
    expect(await client.callTool({ name: 'book', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Not booked.' }],
    });
    expect(server.calls[0]).toMatchObject({ outcome: 'result', inputRounds: 1 });
  });

  it('refuses an answer that does not fit the form, as the 2025-11-25 SDK refuses it', async () => {
    const server = serve(bookSpec);
    const client = modernClient({ seats: 'two' as unknown as number });
    await client.connect(await server.connectInMemory());
    const result = await client.callTool({ name: 'book', arguments: {} });
    expect(result).toMatchObject({ isError: true });
    expect(JSON.stringify(result.content)).toContain(
      'Elicitation response content does not match requested schema',
    );
  });

  it('serves only 2025-11-25 when the spec says so: a negotiating client falls back', async () => {
    const server = serve({ ...bookSpec, protocol: legacy });
    const client = modernClient({ seats: 1 });
    await client.connect(await server.connectInMemory());
    expect(client.getNegotiatedProtocolVersion()).toBe(legacy);
    expect(await client.callTool({ name: 'book', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Booked 1 seats.' }],
    });
    expect(server.calls[0]).toMatchObject({ protocol: legacy, inputRounds: 0 });
  });

  it('serves only 2026-07-28 when the spec says so: a client opening with initialize is refused', async () => {
    const server = serve({ ...bookSpec, protocol: modern });
    const older = new LegacyClient({ name: 'old', version: '1.0.0' });
    track(older);
    await expect(older.connect(await server.connectInMemory())).rejects.toThrow(
      'MCP error -32022: Unsupported protocol version: 2025-11-25',
    );
  });

  it('tells a client listening for changes that the tools changed', async () => {
    const server = serve(bookSpec);
    const client = modernClient();
    await client.connect(await server.connectInMemory());
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler('notifications/tools/list_changed', () => {
        resolve();
      });
    });
    // Acknowledged: the server holds the subscription from here on.
    await client.listen({ toolsListChanged: true });
    await server.addTool({ name: 'late', responses: [{ text: 'late' }] });
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('late');
  });
});

describe('a sampled tool loop in 2026-07-28 rounds', () => {
  it('gives the model the same tool results in every round, and counts each use of the tool once', async () => {
    const server = serve({
      tools: [
        {
          name: 'echo',
          responses: [
            { text: 'first', times: 1 },
            { text: 'second', times: 1 },
          ],
        },
        bookSpec.tools[2]!,
      ],
    });
    const client = modernClient();
    await client.connect(await server.connectInMemory());
    expect(await client.callTool({ name: 'plan', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Trip to Lyon' }],
    });
    expect(JSON.stringify(server.calls[0]!.sampling[1]!.request.messages)).toContain('"text":"first"');
    expect(await client.callTool({ name: 'echo', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'second' }],
    });
  });
});

describe('a mock serving both revisions over HTTP', () => {
  it('answers 2026-07-28 requests without a session beside 2025-11-25 sessions, on one endpoint', async () => {
    const server = serve(bookSpec);
    const { url } = await server.listenHttp();
    const client = modernClient({ seats: 3 });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(client.getNegotiatedProtocolVersion()).toBe(modern);
    expect(await client.callTool({ name: 'plan', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Trip to Lyon' }],
    });

    const older = new LegacyClient({ name: 'old', version: '1.0.0' });
    track(older);
    await older.connect(new LegacyHttpTransport(new URL(url)));
    expect(await older.callTool({ name: 'echo', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(server.calls.map((call) => [call.protocol, call.inputRounds])).toEqual([
      [modern, 2],
      [legacy, 0],
    ]);
  });

  it('sends a 2026-07-28 request to its handler even with a session id, and counts only streams that hear tool changes', async () => {
    const server = serve({
      ...bookSpec,
      changes: [{ after: { turn: 1 }, add: [{ name: 'late', responses: [{ text: 'x' }] }] }],
    });
    const { url } = await server.listenHttp();
    const client = modernClient();
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { 'mcp-session-id': 'stale' } },
    });
    await client.connect(transport);
    expect((await client.listTools()).tools).toHaveLength(3);
    // No stream open: nobody to tell, and the runner does not wait for a notice.
    expect((await server.startTurn(1)).sessionsNotified).toBe(0);
  });
});

describe('a mock serving both revisions over stdio', () => {
  it('speaks 2026-07-28 to a negotiating client from the mock-mcp command', async () => {
    const client = modernClient({ seats: 1 });
    await client.connect(new StdioClientTransport(createMockStdioParameters({ spec: bookSpec })));
    expect(client.getNegotiatedProtocolVersion()).toBe(modern);
    expect(await client.callTool({ name: 'book', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Booked 1 seats.' }],
    });
  });
});
