import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

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
  const tapped: Transport = {
    start: () => transport.start(),
    send: (message, options) => {
      show('sent', message);
      return transport.send(message, options);
    },
    close: () => transport.close(),
    get sessionId() {
      return transport.sessionId;
    },
    ...(transport.setProtocolVersion === undefined
      ? {}
      : {
          setProtocolVersion: (version: string) => {
            transport.setProtocolVersion?.(version);
          },
        }),
  };
  // The client sets its handlers on `tapped` when it connects; they are read at each call.
  transport.onmessage = (message, extra) => {
    show('received', message);
    tapped.onmessage?.(message, extra);
  };
  transport.onclose = () => {
    tapped.onclose?.();
  };
  transport.onerror = (error) => {
    tapped.onerror?.(error);
  };
  return tapped;
}
