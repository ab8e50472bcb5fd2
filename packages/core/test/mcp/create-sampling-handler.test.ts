import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createSamplingHandler } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';

/** A server and a client with the sampling handler, linked in memory: no process, no socket. */
async function connectInMemory(options: Parameters<typeof createSamplingHandler>[0]) {
  const mcpServer = new McpServer({ name: 'asker', version: '1.0.0' });
  const client = new Client({ name: 'test', version: '1.0.0' });
  createSamplingHandler(options).attach(client);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([mcpServer.connect(serverTransport), client.connect(clientTransport)]);
  return { server: mcpServer.server, close: () => Promise.all([client.close(), mcpServer.close()]) };
}

describe('a passthrough sampling request', () => {
  it('is one model request, read to its end, and its answer goes back as the result', async () => {
    const model = createScriptedModel({ thinking: 'Short answer.', text: 'Hello back.', chunkSize: 4 });
    const { server, close } = await connectInMemory({ model });
    try {
      const result = await server.request(
        {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'Hello?' } }],
            systemPrompt: 'Be brief.',
            maxTokens: 50,
          },
        },
        CreateMessageResultSchema,
      );

      expect(result).toEqual({
        role: 'assistant',
        model: 'scripted-model',
        stopReason: 'endTurn',
        content: { type: 'text', text: 'Hello back.' },
      });
      expect(model.requests).toEqual([
        {
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }],
          tools: [],
          system: 'Be brief.',
          maxTokens: 50,
        },
      ]);
    } finally {
      await close();
    }
  });
});
