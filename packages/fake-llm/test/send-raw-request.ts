import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** What came back on a raw connection: the status line's code, lower-case headers and the body as text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Opens a TCP connection to a local server; the caller writes raw HTTP to it. */
export async function openRawConnection(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  // A reset when the server closes the connection is what some tests wait for, not a failure.
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/**
 * Sends bytes that need not be valid HTTP (a TRACE, a malformed path, a broken request line) and reads until the
 * server closes the connection. `status: 0` means the server closed it without an HTTP answer.
 */
export async function sendRawRequest(options: { port: number; text: string }): Promise<RawResponse> {
  const socket = await openRawConnection(options.port);
  socket.end(options.text);
  return readRawResponse(socket);
}

/** Reads what the server sends until it closes the connection, and parses it as one HTTP response. */
export async function readRawResponse(socket: Socket): Promise<RawResponse> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'close');
  return parseRawResponse(Buffer.concat(chunks).toString('latin1'));
}

/** Parses one HTTP/1.1 response (content-length, chunked, or read to the end). */
export function parseRawResponse(text: string): RawResponse {
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd === -1) return { status: 0, headers: {}, body: text };
  const [statusLine = '', ...headerLines] = text.slice(0, headerEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(headerEnd + 4);
  if (headers['transfer-encoding'] === 'chunked') body = decodeChunked(body);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/u.exec(statusLine)?.[1] ?? 0);
  return { status, headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function decodeChunked(text: string): string {
  let decoded = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return decoded;
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return decoded;
    decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
