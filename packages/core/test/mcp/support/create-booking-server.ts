import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * A server with one tool, `book_table`, that asks the user (elicitation) before it answers: in a form for the
 * number of guests, or, with `url: true`, through a page to open.
 */
export function createBookingServer() {
  const mcpServer = new McpServer({ name: 'bookings', version: '1.0.0' }, { capabilities: { tools: {} } });
  const server = mcpServer.server;
  const seen: { capabilities?: unknown } = {};
  server.setRequestHandler(ListToolsRequestSchema, () => {
    seen.capabilities = server.getClientCapabilities()?.elicitation;
    return { tools: [{ name: 'book_table', inputSchema: { type: 'object' } }] };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const byUrl = request.params.arguments?.url === true;
    const result = byUrl
      ? await server.elicitInput({
          mode: 'url',
          message: 'Sign in to the booking site.',
          url: 'https://bookings.example/sign-in',
          elicitationId: 'sign-in-1',
        })
      : await server.elicitInput({
          message: 'How many guests?',
          requestedSchema: {
            type: 'object',
            properties: { guests: { type: 'number', minimum: 1 } },
            required: ['guests'],
          },
        });
    const text =
      result.action === 'accept'
        ? `Booked${result.content?.guests === undefined ? '' : ` for ${String(result.content.guests)}`}.`
        : `Not booked: the user chose ${result.action}.`;
    return { content: [{ type: 'text', text }] };
  });
  const config = {
    createTransport: async () => {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await mcpServer.connect(serverTransport);
      return clientTransport;
    },
  };
  return { config, seen };
}

/** A server whose `edit_profile` tool asks for a form whose fields all have defaults, and echoes the answer. */
export function createDefaultsServer() {
  const mcpServer = new McpServer({ name: 'profile', version: '1.0.0' }, { capabilities: { tools: {} } });
  const server = mcpServer.server;
  const received: unknown[] = [];
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'edit_profile', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    const result = await server.elicitInput({
      message: 'Your profile',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', default: 'John Doe' },
          age: { type: 'integer', default: 30 },
          status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
          verified: { type: 'boolean', default: true },
          nickname: { type: 'string' },
        },
      },
    });
    received.push(result.content);
    return { content: [{ type: 'text', text: JSON.stringify(result.content) }] };
  });
  const config = {
    createTransport: async () => {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await mcpServer.connect(serverTransport);
      return clientTransport;
    },
  };
  return { server: { received }, config };
}
