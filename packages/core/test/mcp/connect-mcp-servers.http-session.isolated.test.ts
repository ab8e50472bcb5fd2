import type { Client } from '@modelcontextprotocol/client';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { createMockMcpServer } from '@toolloop/mock-mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers } from '../../src/mcp/index.js';
import { createLeftoverTracker } from '../../src/testing/create-leftover-tracker.js';
import { createDeferred } from '../deferred.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';

let openAtStart: string[] = [];

beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});
afterAll(async () => {
  // Every server, client and socket of this file is closed by now.
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});

/** Sends `ping` in an existing session, as a client would, and returns the HTTP status and body. */
async function pingInSession(options: { url: string; sessionId: string }) {
  const response = await fetch(options.url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      'mcp-session-id': options.sessionId,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  return { status: response.status, body: await response.text() };
}

describe('closing an HTTP server', () => {
  it('ends its MCP session on the server (DELETE with Mcp-Session-Id)', async () => {
    // A server of 2025-11-25, the revision with sessions.
    const server = createMockMcpServer({
      protocol: '2025-11-25',
      tools: [{ name: 'ping', inputSchema: { type: 'object' }, responses: [{ text: 'pong' }] }],
    });
    const listener = await server.listenHttp();
    try {
      let client: Client | undefined;
      const mcp = await connectMcpServers(
        { servers: { remote: { url: listener.url } } },
        {
          configureClient: (configured) => {
            client = configured;
          },
        },
      );
      const sessionId = client?.transport?.sessionId ?? '';
      expect(sessionId).not.toBe('');
      expect((await pingInSession({ url: listener.url, sessionId })).status).toBe(200);

      await mcp.close();

      expect(await pingInSession({ url: listener.url, sessionId })).toEqual({
        status: 404,
        body: JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: `Session '${sessionId}' not found.` },
          id: null,
        }),
      });
    } finally {
      await server.close();
    }
  });

  it('leaves nothing behind after calls that were cancelled: their streams are not retried after the close', async () => {
    // A server of 2025-11-25, whose calls' streams the client resumes (and which logs without being asked).
    const server = createMockMcpServer({
      protocol: '2025-11-25',
      tools: [
        {
          name: 'slow',
          inputSchema: { type: 'object' },
          responses: [{ text: 'late', log: [{ level: 'info', data: 'started' }], delayMs: 60_000 }],
        },
      ],
    });
    const listener = await server.listenHttp();
    const tracker = createLeftoverTracker();
    // Each call's log notification says it is under way on the server.
    let started = createDeferred();
    try {
      await tracker.run('client', async () => {
        const mcp = await connectMcpServers(
          { servers: { remote: { url: listener.url } } },
          {
            onMessage: ({ direction, message }) => {
              if (
                direction === 'received' &&
                'method' in message &&
                message.method === 'notifications/message'
              )
                started.resolve();
            },
          },
        );
        // Two calls given up on once under way (a tool timeout): each leaves a stream open on the server.
        for (const _ of [1, 2]) {
          started = createDeferred();
          const call = new AbortController();
          const pending = mcp.callTool({
            toolCallId: 'call_slow',
            name: 'slow',
            input: {},
            signal: call.signal,
          });
          await started.promise;
          call.abort(new Error('The tool timed out.'));
          await pending.catch(() => undefined);
        }
        await mcp.close();
      });

      expect(await tracker.leftovers('client')).toEqual([]);
    } finally {
      tracker.close();
      await server.close();
    }
  });
});
