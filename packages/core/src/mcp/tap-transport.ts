import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { interceptTransport } from './intercept-transport.js';

/** One JSON-RPC message between the client and a server, as `onMessage` sees it. */
export interface McpMessageRecord {
  /** The server's name in the config. */
  server: string;
  /** `sent` from the client to the server, `received` from the server. */
  direction: 'sent' | 'received';
  message: JSONRPCMessage;
}

/**
 * The same transport, with every message that goes through it shown to `tap` first. A tap that throws is
 * ignored: watching the traffic must never break it.
 */
export function tapTransport({
  transport,
  tap,
}: {
  transport: Transport;
  tap: (direction: McpMessageRecord['direction'], message: JSONRPCMessage) => void;
}): Transport {
  const show = (direction: McpMessageRecord['direction'], message: JSONRPCMessage) => {
    try {
      tap(direction, message);
    } catch {
      // See above: the traffic goes on.
    }
  };
  return interceptTransport({
    transport,
    onSend: (message) => {
      show('sent', message);
    },
    onReceive: (message) => {
      show('received', message);
      return message;
    },
  });
}
