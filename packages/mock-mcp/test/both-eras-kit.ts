import { Client } from '@modelcontextprotocol/client';
import { afterEach } from 'vitest';
import { createMockMcpServer, type MockMcpServer } from '../src/index.js';
import type { MockServerSpecInput } from '../src/spec/mock-server-spec-schema.js';

/** The two protocol revisions a mock speaks. */
export const modern = '2026-07-28';
export const legacy = '2025-11-25';

/**
 * A mock whose `book` asks the user (an `elicit` response) and whose `plan` samples the client's model with the
 * `echo` tool offered (a sampled tool loop of two requests).
 */
export const bookSpec: MockServerSpecInput = {
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

/**
 * Servers and clients of one test file, each closed after its test: `serve` a spec, connect a `modernClient`
 * (v2 SDK, negotiating), or a `rawModernClient` that sends 2026-07-28 requests as written; `track` any other.
 */
export function useBothErasKit() {
  let servers: MockMcpServer[] = [];
  let clients: Array<{ close: () => Promise<void> }> = [];

  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
    clients = [];
  });

  const track = <Closable extends { close: () => Promise<void> }>(closable: Closable): Closable => {
    clients.push(closable);
    return closable;
  };

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
    return track(client);
  }

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
    track(transport);
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
      void transport.send({
        jsonrpc: '2.0',
        id,
        method,
        params: { ...params, _meta: { ..._meta, ...meta } },
      });
      return reply;
    };
    return Object.assign(request, { notifications });
  }

  return { serve, modernClient, rawModernClient, track };
}
