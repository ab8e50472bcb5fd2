import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';

/**
 * A request body as a web stream that reads the socket only as fast as the stream is read. Cancelling it stops
 * reading without destroying the connection, so an answer (such as a 413) can still be sent; the caller then
 * closes the connection, since the rest of the body was never read.
 */
export function toBodyStream(incoming: IncomingMessage | Http2ServerRequest): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.on('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      };
      incoming.on('error', fail);
      incoming.on('close', () => {
        fail(new Error('The client closed the connection before the end of the request body.'));
      });
      incoming.pause();
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      settled = true;
      incoming.pause();
    },
  });
}
