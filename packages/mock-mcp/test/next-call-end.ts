import type { MockMcpServer, MockToolCall } from '../src/index.js';

/** Resolves with the next call of the server that ends. */
export function nextCallEnd(server: MockMcpServer): Promise<MockToolCall> {
  return new Promise((resolve) => {
    const stop = server.onCallEnd((call) => {
      stop();
      resolve(call);
    });
  });
}
