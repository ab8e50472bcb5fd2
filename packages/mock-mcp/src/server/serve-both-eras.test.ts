import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
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

/** Sends raw 2026-07-28 requests in memory (each with the revision's envelope) and resolves with the replies. */
async function rawModernClient(server: MockMcpServer) {
  const transport = await server.connectInMemory();
  const replies = new Map<number, (message: unknown) => void>();
  const notifications: Array<{ method: string; params?: unknown }> = [];
  transport.onmessage = (message) => {
    if ('id' in message && typeof message.id === 'number') replies.get(message.id)?.(message);
    else if ('method' in message) notifications.push(message);
  };
  await transport.start();
  clients.push(transport);
  let nextId = 0;
  const request = (method: string, params: Record<string, unknown>, meta: Record<string, unknown> = {}) => {
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
    void transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta: { ..._meta, ...meta } } });
    return reply;
  };
  return Object.assign(request, { notifications });
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
      error: { code: -32602, message: expect.stringContaining('belongs to another request') as unknown },
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

  it('refuses a call that needs a capability the client did not declare with -32021, naming it', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    // The raw client declares elicitation only; plan samples the client's model with tools.
    expect(await request('tools/call', { name: 'plan', arguments: {} })).toMatchObject({
      error: {
        code: -32021,
        message: expect.stringContaining('did not declare the sampling capability') as unknown,
        data: { requiredCapabilities: { sampling: { tools: {} } } },
      },
    });
    expect(server.calls[0]).toMatchObject({ tool: 'plan', outcome: 'throw' });
  });

  it('delivers side effects once, also when a retry comes without the answer and the round is asked again', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    const progressOf = () =>
      request.notifications.filter((notification) => notification.method === 'notifications/progress').length;
    const first = (await request('tools/call', { name: 'book', arguments: {} }, { progressToken: 'p1' })) as {
      result: { requestState: string };
    };
    expect(progressOf()).toBe(1);
    const again = (await request(
      'tools/call',
      { name: 'book', arguments: {}, requestState: first.result.requestState, inputResponses: { other: {} } },
      { progressToken: 'p2' },
    )) as { result: { requestState: string; resultType: string } };
    expect(again.result.resultType).toBe('input_required');
    expect(progressOf()).toBe(1);
    expect(server.calls[0]).toMatchObject({ inputRounds: 1 });
    expect(
      await request(
        'tools/call',
        {
          name: 'book',
          arguments: {},
          requestState: again.result.requestState,
          inputResponses: { 'input-1': { action: 'accept', content: { seats: 1 } } },
        },
        { progressToken: 'p3' },
      ),
    ).toMatchObject({ result: { content: [{ type: 'text', text: 'Booked 1 seats.' }] } });
    expect(progressOf()).toBe(1);
    expect(server.calls[0]).toMatchObject({ outcome: 'result', inputRounds: 1 });
  });

  it('ends the oldest of the calls left waiting for answers once more than 1000 wait', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    for (let call = 0; call < 1001; call += 1) await request('tools/call', { name: 'book', arguments: {} });
    expect(server.calls[0]).toMatchObject({ outcome: 'cancelled' });
    expect(server.calls.filter((call) => call.outcome === undefined)).toHaveLength(1000);
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

const greetSpec: MockServerSpecInput = {
  tools: [
    {
      name: 'greet',
      responses: [
        {
          inputRequired: {
            ask: {
              user_name: {
                elicit: {
                  message: 'Your name?',
                  requestedSchema: {
                    type: 'object',
                    properties: { name: { type: 'string' } },
                    required: ['name'],
                  },
                },
              },
              greeting: { sample: { messages: [{ role: 'user', content: 'Say hello' }], maxTokens: 20 } },
              client_roots: { roots: {} },
            },
            then: {
              inputRequired: {
                ask: {
                  confirm: {
                    elicit: {
                      message: 'Send it, {{user_name.name}}?',
                      requestedSchema: { type: 'object', properties: {} },
                    },
                  },
                },
                then: { text: '{{greeting}}, {{user_name.name}} ({{client_roots}}); sent: {{confirm}}' },
              },
            },
          },
        },
      ],
    },
  ],
};

const answers = {
  elicit: (request: { params: { message: string } }) => ({
    action: 'accept' as const,
    content: request.params.message === 'Your name?' ? { name: 'Ada' } : ({} as Record<string, string>),
  }),
  sample: () => ({
    role: 'assistant' as const,
    content: { type: 'text' as const, text: 'Hello' },
    model: 'test-model',
  }),
  roots: () => ({ roots: [{ uri: 'file:///home/ada' }] }),
};

/** A client of either SDK that answers every kind of question the same way. */
function answerEverything(client: Client | LegacyClient): void {
  if (client instanceof LegacyClient) {
    client.setRequestHandler(ElicitRequestSchema, answers.elicit);
    client.setRequestHandler(CreateMessageRequestSchema, answers.sample);
    client.setRequestHandler(ListRootsRequestSchema, answers.roots);
    return;
  }
  client.setRequestHandler('elicitation/create', answers.elicit);
  client.setRequestHandler('sampling/createMessage', answers.sample);
  client.setRequestHandler('roots/list', answers.roots);
}

describe('an inputRequired response', () => {
  it('asks its questions together in one 2026-07-28 round, then the next round, and answers from all of them', async () => {
    const server = serve(greetSpec);
    const client = new Client(
      { name: 'test-client', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
        versionNegotiation: { mode: 'auto' },
      },
    );
    clients.push(client);
    answerEverything(client);
    await client.connect(await server.connectInMemory());
    expect(await client.callTool({ name: 'greet', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Ada (file:///home/ada); sent: accept' }],
    });
    const [call] = server.calls;
    expect(call).toMatchObject({ protocol: modern, outcome: 'result', inputRounds: 2 });
    expect(call!.elicitation.map((exchange) => exchange.result?.action)).toEqual(['accept', 'accept']);
    // The second round's question names the first round's answer.
    expect(call!.elicitation[1]!.request.message).toBe('Send it, Ada?');
    expect(call!.sampling).toHaveLength(1);
    expect(call!.roots).toEqual([{ result: { roots: [{ uri: 'file:///home/ada' }] } }]);
  });

  it('sends the same questions one after the other to a 2025-11-25 client, with the same answer', async () => {
    const server = serve(greetSpec);
    const older = new LegacyClient(
      { name: 'old', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} } },
    );
    clients.push(older);
    answerEverything(older);
    await older.connect(await server.connectInMemory());
    expect(await older.callTool({ name: 'greet', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Hello, Ada (file:///home/ada); sent: accept' }],
    });
    expect(server.calls[0]).toMatchObject({ protocol: legacy, inputRounds: 0, outcome: 'result' });
  });

  it('leaves out the questions the client cannot answer, and says so when it can answer none', async () => {
    const server = serve(greetSpec);
    const request = await rawModernClient(server);
    const first = (await request('tools/call', { name: 'greet', arguments: {} })) as {
      result: { inputRequests: Record<string, unknown> };
    };
    // The raw client declares elicitation only.
    expect(Object.keys(first.result.inputRequests)).toEqual(['user_name']);

    const silent = new LegacyClient({ name: 'old', version: '1.0.0' });
    clients.push(silent);
    await silent.connect(await server.connectInMemory());
    expect(await silent.callTool({ name: 'greet', arguments: {} })).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: "Tool 'greet' asks user_name, greeting, client_roots, but the client declared none of the capabilities they need (elicitation (form), sampling, roots).",
        },
      ],
    });
  });

  it('is refused in a spec with text between braces that is no placeholder', () => {
    expect(() =>
      createMockMcpServer({
        tools: [
          {
            name: 'greet',
            responses: [
              {
                inputRequired: {
                  ask: {
                    who: { elicit: { message: 'Who?', requestedSchema: { type: 'object', properties: {} } } },
                  },
                  then: { text: 'Code {{who.2fa}}' },
                },
              },
            ],
          },
        ],
      }),
    ).toThrow('{{who.2fa}} is no placeholder');
  });

  it('is refused in a spec whose answer names a question it never asked', () => {
    expect(() =>
      createMockMcpServer({
        tools: [
          {
            name: 'greet',
            responses: [
              {
                inputRequired: {
                  ask: {
                    user_name: {
                      elicit: {
                        message: 'Name?',
                        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
                      },
                    },
                  },
                  then: { text: 'Hi {{user_name.nmae}}' },
                },
              },
            ],
          },
        ],
      }),
    ).toThrow(
      'tools[0].responses[0].inputRequired.then: Placeholder {{user_name.nmae}} names none of the questions asked before (or fields of their forms); they are: user_name, user_name.name.',
    );
  });
});

describe('a prompt that asks before it answers (inputRequired)', () => {
  const promptSpec: MockServerSpecInput = {
    tools: [],
    prompts: [
      {
        name: 'brief',
        arguments: [{ name: 'topic', required: true }],
        responses: [
          {
            inputRequired: {
              ask: {
                tone: {
                  elicit: {
                    message: 'Which tone for {{topic}}?',
                    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
                  },
                },
              },
              then: { messages: [{ role: 'user', content: 'Write about {{topic}} for {{tone.name}}.' }] },
            },
          },
        ],
      },
    ],
  };

  it('is answered in a 2026-07-28 round, and with a request during prompts/get in 2025-11-25', async () => {
    const server = serve(promptSpec);
    const client = modernClient();
    client.setRequestHandler('elicitation/create', () => ({
      action: 'accept' as const,
      content: { name: 'Ada' },
    }));
    await client.connect(await server.connectInMemory());
    expect(await client.getPrompt({ name: 'brief', arguments: { topic: 'MCP' } })).toMatchObject({
      messages: [{ role: 'user', content: { type: 'text', text: 'Write about MCP for Ada.' } }],
    });

    const older = new LegacyClient({ name: 'old', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    clients.push(older);
    older.setRequestHandler(ElicitRequestSchema, (request) => ({
      action: 'accept',
      content: { name: request.params.message.includes('MCP') ? 'Grace' : 'nobody' },
    }));
    await older.connect(await server.connectInMemory());
    expect(await older.getPrompt({ name: 'brief', arguments: { topic: 'MCP' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Write about MCP for Grace.' } }],
    });
  });

  it('refuses a retry with a requestState given for other arguments', async () => {
    const server = serve(promptSpec);
    const request = await rawModernClient(server);
    const first = (await request('prompts/get', { name: 'brief', arguments: { topic: 'MCP' } })) as {
      result: { requestState: string; inputRequests: Record<string, unknown> };
    };
    expect(Object.keys(first.result.inputRequests)).toEqual(['tone']);
    expect(
      await request('prompts/get', {
        name: 'brief',
        arguments: { topic: 'other' },
        requestState: first.result.requestState,
        inputResponses: { tone: { action: 'accept', content: { name: 'x' } } },
      }),
    ).toMatchObject({ error: { code: -32602 } });
  });
});

describe('the questions of a round, from hostile or limited clients', () => {
  it('names every capability a refused round needs, both elicitation modes together', async () => {
    const server = serve({
      tools: [
        {
          name: 'sign',
          responses: [
            {
              inputRequired: {
                ask: {
                  form: { elicit: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } },
                  page: { elicit: { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in' } },
                },
                then: { text: 'Signed.' },
              },
            },
          ],
        },
      ],
    });
    const request = await rawModernClient(server);
    expect(
      await request(
        'tools/call',
        { name: 'sign', arguments: {} },
        {
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      ),
    ).toMatchObject({
      error: { code: -32021, data: { requiredCapabilities: { elicitation: { form: {}, url: {} } } } },
    });
  });

  it('asks again a question named like an Object member when the retry does not answer it', async () => {
    const server = serve({
      tools: [
        {
          name: 'odd',
          responses: [
            {
              inputRequired: {
                ask: {
                  constructor: {
                    elicit: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
                  },
                },
                then: { text: 'Done: {{constructor}}.' },
              },
            },
          ],
        },
      ],
    });
    const request = await rawModernClient(server);
    const first = (await request('tools/call', { name: 'odd', arguments: {} })) as {
      result: { requestState: string };
    };
    expect(
      await request('tools/call', {
        name: 'odd',
        arguments: {},
        requestState: first.result.requestState,
        inputResponses: {},
      }),
    ).toMatchObject({ result: { resultType: 'input_required', inputRequests: { constructor: {} } } });
  });
});
