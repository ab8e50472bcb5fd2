import { McpServer, createMcpHandler, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runToolLoop } from '../../src/index.js';
import { connectMcpServers, type McpProtocol } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createDeferred } from '../deferred.js';
import { createLeftoverTracker, type LeftoverTracker } from '../../src/testing/create-leftover-tracker.js';
import { serveFetchHandler } from './support/serve-fetch-handler.js';

// Each test runs under a tracker, and ends with nothing of it left: no socket (a listen stream's included),
// no timer.
let tracker: LeftoverTracker;
beforeEach(() => {
  tracker = createLeftoverTracker();
});
afterEach(() => {
  tracker.close();
});

/** Runs a test's work, then checks that it left nothing running. */
async function leavingNothing(work: () => Promise<void>): Promise<void> {
  await tracker.run('test', work);
  expect(await tracker.leftovers('test')).toEqual([]);
}

const textOf = (output: { content: Array<{ type: string; text?: string }> } | undefined) =>
  (output?.content ?? []).map((block) => block.text ?? '').join('\n');

/**
 * A server written with the v2 server SDK behind stateless HTTP: 2026-07-28 for a client that asks, 2025-11-25
 * request by request otherwise. `confirm` asks the user (elicitation); `later` is a tool added by `addTool()`.
 */
async function startServer({ ackListen = true }: { ackListen?: boolean } = {}) {
  let withLater = false;
  const slowStarted = createDeferred();
  const slowCancelled = createDeferred<boolean>();
  const factory = () => {
    const server = new McpServer(
      { name: 'remote', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.registerTool(
      'confirm',
      { description: 'Asks first.', inputSchema: z.object({ what: z.string() }) },
      ({ what }, context) => {
        const answer = inputResponse(context.mcpReq.inputResponses, 'ok');
        if (answer.kind === 'missing') {
          return inputRequired({
            inputRequests: {
              ok: inputRequired.elicit({
                message: `Go ahead with ${what}?`,
                requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
              }),
            },
          });
        }
        const accepted = answer.kind === 'elicit' && answer.action === 'accept';
        return { content: [{ type: 'text', text: accepted ? `Done: ${what}.` : 'Stopped.' }] };
      },
    );
    server.registerTool('slow', { description: 'Works until it is cancelled.' }, async (context) => {
      slowStarted.resolve();
      await new Promise<void>((resolve) => {
        context.mcpReq.signal.addEventListener('abort', () => {
          resolve();
        });
      });
      slowCancelled.resolve(context.mcpReq.signal.aborted);
      return { content: [{ type: 'text', text: 'cancelled' }] };
    });
    if (withLater) {
      server.registerTool('later', { description: 'Added later.' }, () => ({
        content: [{ type: 'text', text: 'late' }],
      }));
    }
    return server;
  };
  const handler = createMcpHandler(factory, { legacy: 'stateless' });
  const served = await serveFetchHandler(async (request) => {
    // As behind a proxy that buffers event streams: the listen stream opens, and nothing of it ever arrives.
    if (!ackListen && request.method === 'POST') {
      const body = (await request.clone().json()) as { method?: string };
      if (body.method === 'subscriptions/listen') {
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      }
    }
    return handler.fetch(request);
  });
  return {
    url: served.url,
    slowStarted: slowStarted.promise,
    /** Resolves when the server saw its call of `slow` cancelled. */
    slowCancelled: slowCancelled.promise,
    addTool: () => {
      withLater = true;
      handler.notify.toolsChanged();
    },
    /** Adds the tool `later` without telling anyone. */
    addToolSilently: () => {
      withLater = true;
    },
    dropConnections: served.dropConnections,
    close: async () => {
      await handler.close();
      await served.close();
    },
  };
}

describe('a 2026-07-28 server over HTTP', () => {
  it.each<[McpProtocol, string]>([
    ['auto', '2026-07-28'],
    ['2025-11-25', '2025-11-25'],
  ])('protocol %s: speaks %s; an eliciting tool is answered by onElicitation', (protocol, spoken) =>
    leavingNothing(async () => {
      const server = await startServer();
      const asked: string[] = [];
      const mcp = await connectMcpServers(
        { servers: { remote: { url: server.url, protocol } } },
        {
          onElicitation: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: { ok: true } };
          },
        },
      );
      try {
        expect(mcp.protocolVersions()).toEqual({ remote: spoken });
        const model = createScriptedModel([
          { toolCalls: [{ name: 'confirm', input: { what: 'the refund' } }] },
          { text: 'Done.' },
        ]);
        const result = await runToolLoop({ model, tools: [mcp], prompt: 'Go.' }).result;

        if (spoken === '2026-07-28') {
          expect(asked).toEqual(['Go ahead with the refund?']);
          expect(textOf(result.toolCalls[0]?.output)).toBe('Done: the refund.');
        } else {
          // A server served request by request in 2025-11-25 cannot ask the client anything during a call: the
          // v2 server SDK answers the call with an error saying so.
          expect(asked).toEqual([]);
          expect(result.toolCalls[0]?.isError).toBe(true);
        }
      } finally {
        await mcp.close();
        await server.close();
      }
    }),
  );

  it('when the server ends the stream it tells of changes on, has the tools listed again and opens a new one', () =>
    leavingNothing(async () => {
      const server = await startServer();
      const changed: string[] = [];
      let told = createDeferred();
      const mcp = await connectMcpServers(
        { servers: { remote: { url: server.url } } },
        {
          onToolsChanged: (name) => {
            changed.push(name);
            told.resolve();
          },
        },
      );
      try {
        const signal = new AbortController().signal;
        expect((await mcp.listTools({ signal })).map((tool) => tool.name)).toEqual(['confirm', 'slow']);

        server.dropConnections();
        await told.promise;
        server.addToolSilently();

        expect((await mcp.listTools({ signal })).map((tool) => tool.name)).toEqual([
          'confirm',
          'slow',
          'later',
        ]);
        // The new connection's stream carries the next change.
        told = createDeferred();
        server.addTool();
        await told.promise;
        expect(changed).toEqual(['remote', 'remote']);
      } finally {
        await mcp.close();
        await server.close();
      }
    }));

  it('serves the tools of a server whose listen stream is never acknowledged', () =>
    leavingNothing(async () => {
      const server = await startServer({ ackListen: false });
      // A start that waited for the acknowledgement would run out of this time.
      const mcp = await connectMcpServers(
        { servers: { remote: { url: server.url } } },
        { requestTimeoutMs: 10_000 },
      );
      try {
        const tools = await mcp.listTools({ signal: new AbortController().signal });
        expect(tools.map((tool) => tool.name)).toEqual(['confirm', 'slow']);
      } finally {
        await mcp.close();
        await server.close();
      }
    }));

  it('cancels a call the turn gives up on: the server sees it end', () =>
    leavingNothing(async () => {
      const server = await startServer();
      const mcp = await connectMcpServers({ servers: { remote: { url: server.url } } });
      try {
        expect(mcp.protocolVersions()).toEqual({ remote: '2026-07-28' });
        const call = new AbortController();
        const calling = mcp.callTool({ toolCallId: 'c1', name: 'slow', input: {}, signal: call.signal });
        await server.slowStarted;
        call.abort(new Error('The turn ended.'));

        await expect(calling).rejects.toThrow('The turn ended.');
        expect(await server.slowCancelled).toBe(true);
      } finally {
        await mcp.close();
        await server.close();
      }
    }));

  it('tells the host of a tool added while connected, through the stream the client opened (subscriptions/listen)', () =>
    leavingNothing(async () => {
      const server = await startServer();
      const changed = createDeferred<string>();
      const mcp = await connectMcpServers(
        { servers: { remote: { url: server.url } } },
        {
          onToolsChanged: (name) => {
            changed.resolve(name);
          },
        },
      );
      try {
        const signal = new AbortController().signal;
        expect((await mcp.listTools({ signal })).map((tool) => tool.name)).toEqual(['confirm', 'slow']);

        server.addTool();

        expect(await changed.promise).toBe('remote');
        expect((await mcp.listTools({ signal })).map((tool) => tool.name)).toEqual([
          'confirm',
          'slow',
          'later',
        ]);
      } finally {
        await mcp.close();
        await server.close();
      }
    }));
});
