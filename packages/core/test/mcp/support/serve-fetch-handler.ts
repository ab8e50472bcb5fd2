import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/**
 * Serves a web-standard handler (`Request` in, `Response` out, as the v2 MCP server SDK's `createMcpHandler`
 * gives) on a local port, streaming each response body as it comes (a `subscriptions/listen` stream stays open).
 * `close()` ends the open streams and the server.
 */
export async function serveFetchHandler(
  fetchHandler: (request: Request) => Promise<Response>,
): Promise<{ url: string; dropConnections: () => void; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    void answer(fetchHandler, incoming, outgoing).catch((error: unknown) => {
      outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    /** Cuts every open connection, as a restart or a proxy's idle timeout would; the server goes on listening. */
    dropConnections: () => {
      server.closeAllConnections();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}

async function answer(
  fetchHandler: (request: Request) => Promise<Response>,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const aborted = new AbortController();
  outgoing.on('close', () => {
    aborted.abort();
  });
  const method = incoming.method ?? 'GET';
  const response = await fetchHandler(
    new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, {
      method,
      headers,
      signal: aborted.signal,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
    }),
  );
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) {
    outgoing.end();
    return;
  }
  Readable.fromWeb(response.body).pipe(outgoing);
}
