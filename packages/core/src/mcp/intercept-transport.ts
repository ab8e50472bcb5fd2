import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The same transport, with each message the client sends shown to `onSend` before it goes, and each message
 * received passed through `onReceive`, which returns what the client gets instead: the message itself,
 * another, or nothing (the message is dropped). Errors and the close pass through as they are.
 */
export function interceptTransport({
  transport,
  onSend,
  onReceive,
}: {
  transport: Transport;
  onSend: (message: JSONRPCMessage) => void;
  onReceive: (message: JSONRPCMessage) => JSONRPCMessage | undefined;
}): Transport {
  const intercepted: Transport = {
    start: () => transport.start(),
    send: (message, options) => {
      onSend(message);
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
  // The client sets its handlers on `intercepted` when it connects; they are read at each call.
  transport.onmessage = (message, extra) => {
    const received = onReceive(message);
    if (received !== undefined) intercepted.onmessage?.(received, extra);
  };
  transport.onclose = () => {
    intercepted.onclose?.();
  };
  transport.onerror = (error) => {
    intercepted.onerror?.(error);
  };
  return intercepted;
}
