import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Writes a whole response straight onto a socket and closes it: for what arrives outside a request/response
 * pair, such as a CONNECT or bytes that are not HTTP. Never throws; a socket already gone is destroyed.
 */
export async function writeRawResponse(options: { socket: Duplex; response: Response }): Promise<void> {
  const { socket, response } = options;
  try {
    const body = Buffer.from(await response.arrayBuffer());
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
    for (const [name, value] of response.headers) lines.push(`${name}: ${value}`);
    lines.push(`content-length: ${body.byteLength}`, 'connection: close', '', '');
    socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]), () => {
      socket.destroy();
    });
  } catch {
    socket.destroy();
  }
}
