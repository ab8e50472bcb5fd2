import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttp2Server, type Http2Session } from 'node:http2';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

/** A request as the live proxy reads it, over HTTP/1.1 or HTTP/2 (where the host is `:authority`). */
export interface LoopbackRequest extends AsyncIterable<Buffer> {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

/** A response as the live proxy writes it, over HTTP/1.1 or HTTP/2. */
export interface LoopbackResponse {
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: Uint8Array): unknown;
  /** Ends the answer with its last text (`''` for none). */
  end(body: string): unknown;
  on(event: 'close', listener: () => void): unknown;
  destroy(): unknown;
}

/** The first bytes of an HTTP/2 connection with prior knowledge (RFC 9113, section 3.4). */
const http2Preface = 'PRI * HTTP/2.0';

/**
 * Serves `handle` on 127.0.0.1 over HTTP/1.1 and over cleartext HTTP/2 with prior knowledge (h2c: what the AWS
 * SDK's default handler speaks to an `http://` endpoint, so to the live proxy), told apart by a connection's first
 * bytes. `close` ends every open connection and stops listening.
 */
export async function startLoopbackServer(
  handle: (request: LoopbackRequest, response: LoopbackResponse) => void,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer(handle);
  const http2Server = createHttp2Server(handle);
  const sessions = new Set<Http2Session>();
  http2Server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // Connections whose first bytes have not come yet.
  const arriving = new Set<Socket>();
  const front = createNetServer((socket) => {
    arriving.add(socket);
    socket.once('close', () => arriving.delete(socket));
    socket.once('readable', () => {
      arriving.delete(socket);
      const head = socket.read() as Buffer | null;
      if (head === null) {
        socket.destroy();
        return;
      }
      socket.unshift(head);
      const isHttp2 = head.subarray(0, http2Preface.length).toString('latin1') === http2Preface;
      (isHttp2 ? http2Server : server).emit('connection', socket);
    });
  });
  front.listen(0, '127.0.0.1');
  await once(front, 'listening');
  // The HTTP/1.1 server gets its connections from `front`: what it does when it starts listening (tracking
  // connections for closeAllConnections) it does now.
  server.emit('listening');
  return {
    port: (front.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        front.close(() => {
          resolve();
        });
        server.close(() => undefined);
        server.closeAllConnections();
        for (const session of sessions) session.destroy();
        for (const socket of arriving) socket.destroy();
      }),
  };
}
