import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { MockMcpServer } from '../src/index.js';

/** An SDK `Client` connected to the mock server in memory, with the capabilities the test declares. */
export async function connectClient(options: {
  server: MockMcpServer;
  capabilities?: ClientCapabilities;
}): Promise<Client> {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  await client.connect(await options.server.connectInMemory());
  return client;
}

/** An SDK `Client` connected over a client-side transport. */
export async function connectOver(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
