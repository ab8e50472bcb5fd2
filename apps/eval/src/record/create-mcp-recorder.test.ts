import type { McpMessageRecord } from '@toolloop/core/mcp';
import { describe, expect, it } from 'vitest';
import { createMcpRecorder } from './create-mcp-recorder.js';

type Message = McpMessageRecord['message'];

/** Sends `request` to `server` through `recorder` and answers it with `answer`, as the client's tap shows them. */
function exchange({
  recorder,
  server = 'orders',
  id,
  request,
  answer,
}: {
  recorder: ReturnType<typeof createMcpRecorder>;
  server?: string;
  id: number;
  request: { method: string; params?: Record<string, unknown> };
  answer: { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };
}): void {
  const sent: Message = { jsonrpc: '2.0', id, ...request };
  const received: Message = { jsonrpc: '2.0', id, ...answer };
  recorder.onMessage({ server, direction: 'sent', message: sent });
  recorder.onMessage({ server, direction: 'received', message: received });
}

describe('createMcpRecorder', () => {
  it('keeps the tools a server listed, page after page, and a new first page starts the list again', () => {
    const recorder = createMcpRecorder({ servers: new Set(['orders']) });
    const page = (id: number, cursor: string | undefined, name: string) => {
      exchange({
        recorder,
        id,
        request: { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        answer: { result: { tools: [{ name, inputSchema: { type: 'object' } }] } },
      });
    };

    page(1, undefined, 'find_order');
    page(2, 'next', 'cancel_order');
    expect(recorder.servers()).toEqual({
      orders: [
        { name: 'find_order', inputSchema: { type: 'object' } },
        { name: 'cancel_order', inputSchema: { type: 'object' } },
      ],
    });

    page(3, undefined, 'refund_order');
    expect(recorder.servers()).toEqual({
      orders: [{ name: 'refund_order', inputSchema: { type: 'object' } }],
    });
  });

  it('keeps each tool call with its result, or the JSON-RPC error it was answered with, as JSON', () => {
    const recorder = createMcpRecorder({ servers: new Set(['orders']) });

    exchange({
      recorder,
      id: 1,
      request: {
        method: 'tools/call',
        params: { name: 'find_order', arguments: { id: 7 }, _meta: undefined },
      },
      answer: { result: { content: [{ type: 'text', text: 'shipped' }] } },
    });
    exchange({
      recorder,
      id: 2,
      request: { method: 'tools/call', params: { name: 'find_order', arguments: { id: 8 } } },
      answer: { error: { code: -32602, message: 'No order 8.', data: undefined } },
    });

    expect(recorder.toolCalls()).toEqual([
      {
        server: 'orders',
        tool: 'find_order',
        arguments: { id: 7 },
        result: { content: [{ type: 'text', text: 'shipped' }] },
      },
      {
        server: 'orders',
        tool: 'find_order',
        arguments: { id: 8 },
        error: { code: -32602, message: 'No order 8.' },
      },
    ]);
  });

  it('keeps nothing of a server it was not told to record (a mock)', () => {
    const recorder = createMcpRecorder({ servers: new Set(['orders']) });

    exchange({
      recorder,
      server: 'notes',
      id: 1,
      request: { method: 'tools/call', params: { name: 'add_note', arguments: {} } },
      answer: { result: { content: [] } },
    });

    expect(recorder.toolCalls()).toEqual([]);
    expect(recorder.servers()).toEqual({});
  });
  it('keeps a 2026-07-28 call that asked for input as one call: its arguments, and the answer it ended with', () => {
    const recorder = createMcpRecorder({ servers: new Set(['orders']) });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

    exchange({
      recorder,
      id: 1,
      request: { method: 'tools/call', params: { name: 'refund', arguments: { order: 7 }, _meta: meta } },
      answer: {
        result: {
          resultType: 'input_required',
          inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Refund?' } } },
          requestState: 'opaque',
        },
      },
    });
    expect(recorder.toolCalls()).toEqual([]);
    exchange({
      recorder,
      id: 2,
      request: {
        method: 'tools/call',
        params: {
          name: 'refund',
          arguments: { order: 7 },
          inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
          requestState: 'opaque',
          _meta: meta,
        },
      },
      answer: { result: { content: [{ type: 'text', text: 'Refunded.' }] } },
    });

    expect(recorder.toolCalls()).toEqual([
      {
        server: 'orders',
        tool: 'refund',
        arguments: { order: 7 },
        result: { content: [{ type: 'text', text: 'Refunded.' }] },
      },
    ]);
  });
});
