import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/**
 * A TCP port of 127.0.0.1 that nothing listens on now. Another process may take it before the caller binds it:
 * the caller retries on another port then.
 */
export async function findFreePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
