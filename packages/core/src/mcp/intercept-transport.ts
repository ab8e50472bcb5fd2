import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * The same transport, with each message the client sends shown to `onSend` before it goes, and each message
 * received passed through `onReceive`, which returns what the client gets instead: the message itself,
 * another, or nothing (the message is dropped). Errors and the close pass through as they are, and so do a
 * stdio transport's `pid` and `stderr`.
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
    // In 2026-07-28 a request over HTTP has a stream of its own, and the SDK cancels it by closing that stream.
    get hasPerRequestStream() {
      return transport.hasPerRequestStream;
    },
    ...(transport.setProtocolVersion === undefined
      ? {}
      : {
          setProtocolVersion: (version: string) => {
            transport.setProtocolVersion?.(version);
          },
        }),
  };
  // The SDK tells a stdio server (whose silence or exit during the protocol probe means an older server) from
  // an HTTP one by these two accessors: the wrapper keeps them.
  if ('pid' in transport && 'stderr' in transport) {
    Object.defineProperties(intercepted, {
      pid: { get: () => transport.pid, enumerable: true },
      stderr: { get: () => transport.stderr, enumerable: true },
    });
  }
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
