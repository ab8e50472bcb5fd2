import { describe, expect, it } from 'vitest';
import { connectMcpServers, type ElicitationRequest } from '@toolloop/core/mcp';
import { SessionManager, type ConnectServers } from '@toolloop/core/session';
import { createBookingServer } from '../mcp/support/create-booking-server.js';
import { createModelFactory } from './support/session-test-kit.js';

describe('SessionManager with a server that asks the user for input', () => {
  it("passes the request to onElicitation with the session's id, and the answer back to the server", async () => {
    const asked: Array<{ sessionId: string; request: ElicitationRequest }> = [];
    // The session's configured server stands for the in-memory booking server here.
    const connectServers: ConnectServers = (_config, options) =>
      connectMcpServers({ servers: { bookings: createBookingServer().config } }, options);
    const factory = createModelFactory([
      { toolCalls: [{ name: 'book_table', input: {} }] },
      { text: 'Booked for two.' },
    ]);
    const manager = new SessionManager({
      createModel: factory.createModel,
      connectServers,
      onElicitation: (request, { sessionId }) => {
        asked.push({ sessionId, request });
        return { action: 'accept', content: { guests: 2 } };
      },
    });
    try {
      const session = await manager.initializeSession({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        api_key: 'sk-ant-test-key-that-is-long-enough',
        servers: { bookings: { command: 'node', args: ['stands-in-for-the-booking-server.js'] } },
      });
      const result = await manager.sendMessage(session.id, 'Book a table.');

      expect(asked).toEqual([
        {
          sessionId: session.id,
          request: expect.objectContaining({
            mode: 'form',
            message: 'How many guests?',
          }) as ElicitationRequest,
        },
      ]);
      expect(result.toolCalls[0]?.output.content).toEqual([{ type: 'text', text: 'Booked for 2.' }]);
    } finally {
      await manager.dispose();
    }
  });
});
