import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockMcpServer, createMockStdioParameters, type MockMcpServer } from '../index.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';

const modern = '2026-07-28';
const legacy = '2025-11-25';

const bookSpec: MockServerSpecInput = {
  tools: [
    { name: 'echo', responses: [{ text: 'hi' }] },
    {
      name: 'book',
      responses: [
        {
          progress: [{ progress: 1, total: 2, message: 'looking' }],
          elicit: {
            message: 'Book {{city}}?',
            requestedSchema: {
              type: 'object',
              properties: { seats: { type: 'integer' } },
              required: ['seats'],
            },
            accept: { text: 'Booked {{seats}} seats.' },
            decline: { text: 'Not booked.' },
          },
        },
      ],
    },
    {
      name: 'plan',
      responses: [
        {
          progress: [{ progress: 1, total: 2, message: 'planning' }],
          sample: { messages: [{ role: 'user', content: 'Plan a trip' }], maxTokens: 50, tools: ['echo'] },
        },
      ],
    },
  ],
};

let servers: MockMcpServer[] = [];
let clients: Array<{ close: () => Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  clients = [];
});

function serve(spec: MockServerSpecInput): MockMcpServer {
  const server = createMockMcpServer(spec);
  servers.push(server);
  return server;
}

/** A v2 SDK client that negotiates (2026-07-28 where the server speaks it), answering what servers ask. */
function modernClient(options: { seats?: number; onProgress?: () => void } = {}): Client {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} }, sampling: { tools: {} } },
      versionNegotiation: { mode: 'auto' },
    },
  );
  client.setRequestHandler('elicitation/create', () =>
    options.seats === undefined
      ? { action: 'decline' as const }
      : { action: 'accept' as const, content: { seats: options.seats } },
  );
  // The model asks for the echo tool once, then answers.
  client.setRequestHandler('sampling/createMessage', (request) =>
    request.params.messages.length === 1
      ? {
          role: 'assistant' as const,
          content: [{ type: 'tool_use' as const, id: 'use-1', name: 'echo', input: {} }],
          model: 'test-model',
          stopReason: 'toolUse',
        }
      : {
          role: 'assistant' as const,
          content: { type: 'text' as const, text: 'Trip to Lyon' },
          model: 'test-model',
        },
  );
  clients.push(client);
  return client;
}

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
    clients.push(older);
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
    clients.push(older);
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
    clients.push(older);
    await older.connect(new LegacyHttpTransport(new URL(url)));
    expect(await older.callTool({ name: 'echo', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(server.calls.map((call) => [call.protocol, call.inputRounds])).toEqual([
      [modern, 2],
      [legacy, 0],
    ]);
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

/** Sends raw 2026-07-28 requests in memory (each with the revision's envelope) and resolves with the replies. */
async function rawModernClient(server: MockMcpServer) {
  const transport = await server.connectInMemory();
  const replies = new Map<number, (message: unknown) => void>();
  transport.onmessage = (message) => {
    if ('id' in message && typeof message.id === 'number') replies.get(message.id)?.(message);
  };
  await transport.start();
  clients.push(transport);
  let nextId = 0;
  return (method: string, params: Record<string, unknown>) => {
    nextId += 1;
    const id = nextId;
    const reply = new Promise<Record<string, unknown>>((resolve) =>
      replies.set(id, resolve as (message: unknown) => void),
    );
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': modern,
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
    };
    void transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta } });
    return reply;
  };
}

describe('the rounds of a 2026-07-28 call, on the wire', () => {
  it('asks with input_required and a requestState good for one retry; a forged or spent one is refused', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    const first = await request('tools/call', { name: 'book', arguments: {} });
    expect(first).toMatchObject({
      result: {
        resultType: 'input_required',
        inputRequests: { 'input-1': { method: 'elicitation/create', params: { message: 'Book {{city}}?' } } },
        requestState: expect.any(String) as unknown,
      },
    });
    const { requestState } = (first as { result: { requestState: string } }).result;
    expect(
      await request('tools/call', { name: 'book', arguments: {}, requestState: `${requestState}x` }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('Invalid or expired requestState') as unknown },
    });

    const answered = await request('tools/call', {
      name: 'book',
      arguments: {},
      requestState,
      inputResponses: { 'input-1': { action: 'accept', content: { seats: 4 } } },
    });
    expect(answered).toMatchObject({ result: { content: [{ type: 'text', text: 'Booked 4 seats.' }] } });
    expect(await request('tools/call', { name: 'book', arguments: {}, requestState })).toMatchObject({
      error: { code: -32602 },
    });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ outcome: 'result', inputRounds: 1 });
  });

  it('asks again when a retry brings no answer, and refuses a retry of another call', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    const first = (await request('tools/call', { name: 'book', arguments: { city: 'Lyon' } })) as {
      result: { requestState: string };
    };
    expect(
      await request('tools/call', {
        name: 'book',
        arguments: { city: 'Paris' },
        requestState: first.result.requestState,
      }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('other arguments') as unknown },
    });

    const again = (await request('tools/call', {
      name: 'book',
      arguments: { city: 'Lyon' },
      requestState: (
        (await request('tools/call', { name: 'book', arguments: { city: 'Lyon' } })) as {
          result: { requestState: string };
        }
      ).result.requestState,
      inputResponses: { unrelated: { action: 'accept' } },
    })) as { result: Record<string, unknown> };
    expect(again.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { 'input-1': { method: 'elicitation/create' } },
    });
  });

  it('ends a call still waiting for its answer as cancelled when the server closes', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    await request('tools/call', { name: 'book', arguments: {} });
    expect(server.calls[0]).toMatchObject({ outcome: undefined, inputRounds: 1 });
    await server.close();
    expect(server.calls[0]).toMatchObject({ outcome: 'cancelled' });
  });
});
