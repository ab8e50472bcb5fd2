import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running HTTP server of the fake LLM. */
export interface FakeLlmServer {
  /** The base URL, such as `http://127.0.0.1:54321`; give it to a client as its base URL. */
  url: string;
  port: number;
  /** Ends every open connection (a hanging stream included) and stops listening. */
  close(): Promise<void>;
}

/**
 * Serves a fetch-style handler on a real HTTP server (for clients in other processes or languages). A client
 * disconnecting aborts the handler's request signal, so the handler's timers stop with it.
 */
export async function startHttpServer(options: {
  handle: (request: Request) => Promise<Response>;
  port?: number;
  host?: string;
}): Promise<FakeLlmServer> {
  const { handle, host = '127.0.0.1' } = options;
  const server = createServer((incoming, outgoing) => {
    void bridge({ incoming, outgoing, handle, origin: `http://${host}` });
  });
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function bridge(options: {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  handle: (request: Request) => Promise<Response>;
  origin: string;
}): Promise<void> {
  const { incoming, outgoing } = options;
  const disconnect = new AbortController();
  outgoing.on('close', () => {
    if (!outgoing.writableFinished) disconnect.abort(new Error('The client disconnected.'));
  });
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const method = incoming.method ?? 'GET';
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const request = new Request(new URL(incoming.url ?? '/', options.origin), {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
      signal: disconnect.signal,
    });
    const response = await options.handle(request);
    if (response.type === 'error' || disconnect.signal.aborted) {
      outgoing.destroy();
      return;
    }
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.flushHeaders();
    if (response.body === null) {
      outgoing.end();
      return;
    }
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.write(value)) await once(outgoing, 'drain', { signal: disconnect.signal });
    }
    outgoing.end();
  } catch {
    // The client went away or the body failed: the connection ends here either way.
    outgoing.destroy();
  }
}
