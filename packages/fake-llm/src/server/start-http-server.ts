import { once } from 'node:events';
import { createServer, ServerResponse, type IncomingMessage } from 'node:http';
import {
  createServer as createHttp2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { toBodyStream } from './to-body-stream.js';
import { writeRawResponse } from './write-raw-response.js';

/** A running HTTP server of the fake LLM. */
export interface FakeLlmServer {
  /** The base URL, such as `http://127.0.0.1:54321`; give it to a client as its base URL. */
  url: string;
  port: number;
  /** Ends every open connection (a hanging stream or a request never finished included) and stops listening. */
  close(): Promise<void>;
}

/** What the server cannot hand over as a fetch `Request`, for the owner to answer. */
export type HttpRefusal =
  /** A method fetch forbids (CONNECT, TRACE, TRACK). */
  | { type: 'unsupported-method'; method: string; target: string }
  /** A target or headers that make no `Request`. */
  | { type: 'unreadable'; method: string; target: string }
  /** Bytes that are not HTTP/1.1 (408: the headers did not arrive in time; 431: they were too large). */
  | { type: 'malformed'; status: 400 | 408 | 431 };

/** Methods the fetch `Request` refuses to carry. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The first bytes of an HTTP/2 connection with prior knowledge (RFC 9113, section 3.4). */
const http2Preface = 'PRI * HTTP/2.0';

/**
 * Serves a fetch-style handler on a real HTTP server (for clients in other processes or languages), over
 * HTTP/1.1 and over cleartext HTTP/2 with prior knowledge (h2c, which the AWS SDK's default handler speaks to an
 * `http://` endpoint), told apart by a connection's first bytes. Every request
 * gets an HTTP answer: what cannot become a `Request` is answered by `refuse`. A client disconnecting aborts the
 * handler's request signal, so the handler's timers stop with it; a body the handler stops reading (such as one
 * over a size limit) is not read further, and the connection closes after the answer.
 */
export async function startHttpServer(options: {
  handle: (request: Request) => Promise<Response>;
  refuse: (refusal: HttpRefusal) => Response;
  port?: number;
  host?: string;
}): Promise<FakeLlmServer> {
  const { handle, refuse, host = '127.0.0.1' } = options;
  const origin = `http://${host}`;
  /** Sockets answered outside the HTTP machinery (CONNECT), which `closeAllConnections` does not know. */
  const detached = new Set<Duplex>();
  /** Sockets with a response under way, where a raw answer would corrupt the stream. */
  const answering = new WeakSet<Socket>();
  const answerRaw = (socket: Duplex, response: Response) => {
    detached.add(socket);
    socket.once('close', () => detached.delete(socket));
    void writeRawResponse({ socket, response });
  };
  const server = createServer((incoming, outgoing) => {
    answering.add(incoming.socket);
    outgoing.once('close', () => answering.delete(incoming.socket));
    void bridge({ incoming, outgoing, handle, refuse, origin });
  });
  // No keep-alive timeout: an idle connection stays open until the client closes it (fetch's pool does after a
  // few seconds) or `close()`. Node's default of 5 s closes it under a client whose event loop was busy past the
  // margin it keeps (a thousand turns at once, a loaded CI machine), which then sends its next request on a
  // closed socket and fails with a connection error the real APIs, whose connections live for minutes, never cause.
  server.keepAliveTimeout = 0;
  const http2Server = createHttp2Server((incoming, outgoing) => {
    void bridge({ incoming, outgoing, handle, refuse, origin });
  });
  const sessions = new Set<Http2Session>();
  http2Server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  /** Connections whose first bytes have not come yet. */
  const arriving = new Set<Socket>();
  // No Nagle delay: a streamed answer's last small write would otherwise wait for the client's acknowledgement.
  const front = createNetServer({ noDelay: true }, (socket) => {
    arriving.add(socket);
    socket.once('close', () => arriving.delete(socket));
    socket.once('readable', () => {
      arriving.delete(socket);
      const head: Buffer | null = socket.read() as Buffer | null;
      if (head === null) {
        socket.destroy();
        return;
      }
      socket.unshift(head);
      const isHttp2 = head.subarray(0, http2Preface.length).toString('latin1') === http2Preface;
      (isHttp2 ? http2Server : server).emit('connection', socket);
    });
  });
  server.on('connect', (incoming: IncomingMessage, socket: Duplex) => {
    answerRaw(socket, refuse({ type: 'unsupported-method', method: 'CONNECT', target: incoming.url ?? '' }));
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || answering.has(socket)) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    answerRaw(socket, refuse({ type: 'malformed', status }));
  });
  front.listen(options.port ?? 0, host);
  await once(front, 'listening');
  // The HTTP/1.1 server gets its connections from `front`; what it does when it starts listening (tracking
  // connections for closeAllConnections, checking header and request timeouts) it does now.
  server.emit('listening');
  const { port } = front.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        front.close(() => {
          resolve();
        });
        // Not listening itself, it only stops its timeout checks here (its callback reports just that).
        server.close(() => undefined);
        server.closeAllConnections();
        for (const session of sessions) session.destroy();
        for (const socket of [...detached, ...arriving]) socket.destroy();
      });
      return closing;
    },
  };
}

async function bridge(options: {
  incoming: IncomingMessage | Http2ServerRequest;
  outgoing: ServerResponse | Http2ServerResponse;
  handle: (request: Request) => Promise<Response>;
  refuse: (refusal: HttpRefusal) => Response;
  origin: string;
}): Promise<void> {
  const { incoming, outgoing } = options;
  const disconnect = new AbortController();
  // Closed before its answer was all sent, the client went away. An HTTP/2 response its client reset reads as
  // finished once closed, so only an answer this bridge ended counts as sent.
  let ended = false;
  const end = () => {
    ended = true;
    outgoing.end();
  };
  outgoing.on('close', () => {
    if (!ended || !outgoing.writableFinished) disconnect.abort(new Error('The client disconnected.'));
  });
  try {
    const response = await answer({ ...options, signal: disconnect.signal });
    if (response.type === 'error' || disconnect.signal.aborted) {
      outgoing.destroy();
      return;
    }
    // The rest of an unread body is not worth reading: close the connection after the answer instead.
    // (HTTP/2 has no such header: the stream ends alone.)
    if (!incoming.complete && incoming.httpVersionMajor < 2) outgoing.setHeader('connection', 'close');
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    // An HTTP/2 response sends its headers at writeHead.
    if (outgoing instanceof ServerResponse) outgoing.flushHeaders();
    if (response.body === null) {
      end();
      return;
    }
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const written = outgoing instanceof ServerResponse ? outgoing.write(value) : outgoing.write(value);
      if (!written) await once(outgoing, 'drain', { signal: disconnect.signal });
    }
    end();
  } catch {
    // The client went away or the body failed: the connection ends here either way.
    outgoing.destroy();
  }
}

/** Hands the request to `handle`, or to `refuse` when it cannot be a fetch `Request`. */
async function answer(options: {
  incoming: IncomingMessage | Http2ServerRequest;
  handle: (request: Request) => Promise<Response>;
  refuse: (refusal: HttpRefusal) => Response;
  origin: string;
  signal: AbortSignal;
}): Promise<Response> {
  const { incoming } = options;
  const method = incoming.method ?? 'GET';
  const target = incoming.url ?? '/';
  if (forbiddenMethods.has(method)) return options.refuse({ type: 'unsupported-method', method, target });
  let request: Request;
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      // HTTP/2's pseudo-headers (`:method`, `:path`, …) are the request line, not headers.
      if (name.startsWith(':')) continue;
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const hasBody = method !== 'GET' && method !== 'HEAD';
    request = new Request(new URL(target, options.origin), {
      method,
      headers,
      body: hasBody ? toBodyStream(incoming) : undefined,
      signal: options.signal,
      duplex: 'half',
    });
  } catch {
    return options.refuse({ type: 'unreadable', method, target });
  }
  return options.handle(request);
}
