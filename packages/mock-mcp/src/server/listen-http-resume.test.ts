import { afterEach, describe, expect, it } from 'vitest';
import { nextCallEnd } from '../../test/next-call-end.js';
import { readSseEvents, type SseEvent } from '../../test/read-sse-events.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const protocolVersion = '2025-11-25';

function post(options: { url: string; sessionId?: string; body: unknown }): Promise<Response> {
  return fetch(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': protocolVersion,
      ...(options.sessionId === undefined ? {} : { 'mcp-session-id': options.sessionId }),
    },
    body: JSON.stringify(options.body),
  });
}

/** Opens a session with raw requests and resolves with its id. */
async function openSession(url: string): Promise<string> {
  const response = await post({
    url,
    body: {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    },
  });
  await readSseEvents({ response, isLast: (event) => event.data !== '' });
  const sessionId = response.headers.get('mcp-session-id');
  if (sessionId === null) throw new Error('No session id.');
  await post({ url, sessionId, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  return sessionId;
}

function isResultOf(id: number) {
  return (event: SseEvent) => event.data !== '' && (JSON.parse(event.data) as { id?: number }).id === id;
}

describe('listenHttp: resumable streams', () => {
  it('replays what a dropped call stream missed to a client that reconnects with Last-Event-ID', async () => {
    server = createMockMcpServer({
      tools: [{ name: 'work', responses: [{ progress: [{ progress: 1, total: 2 }], text: 'done' }] }],
    });
    const listener = await server.listenHttp();
    const sessionId = await openSession(listener.url);
    const ended = nextCallEnd(server);
    const call = await post({
      url: listener.url,
      sessionId,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'work', arguments: {}, _meta: { progressToken: 'p1' } },
      },
    });
    // The first event only primes the client with an id to resume from; the connection drops after it.
    const [priming] = await readSseEvents({ response: call, isLast: () => true });
    expect(priming).toMatchObject({ data: '' });
    await ended;
    const resumed = await fetch(listener.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': protocolVersion,
        'last-event-id': priming?.id ?? '',
      },
    });
    expect(resumed.status).toBe(200);
    const replayed = await readSseEvents({ response: resumed, isLast: isResultOf(1) });
    expect(replayed.map((event) => JSON.parse(event.data) as unknown)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p1', progress: 1, total: 2 },
      },
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
  });

  it('answers an unknown Last-Event-ID with 400', async () => {
    server = createMockMcpServer({ tools: [] });
    const listener = await server.listenHttp();
    const sessionId = await openSession(listener.url);
    const resumed = await fetch(listener.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': protocolVersion,
        'last-event-id': 'no-such-event',
      },
    });
    expect(resumed.status).toBe(400);
    await resumed.body?.cancel();
  });
});
