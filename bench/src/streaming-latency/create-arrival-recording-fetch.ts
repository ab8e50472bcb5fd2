/** When a piece of a response body reached the client, and whether it carried a text delta. */
export interface ChunkArrival {
  at: number;
  hasTextDelta: boolean;
}

/**
 * A `fetch` for an SDK's `fetch` option that passes every response body through unchanged while recording,
 * for each piece read from the socket, the `performance.now()` at which it arrived and whether it carried a
 * `text_delta`. The time from such an arrival to the caller's event is the client-side latency.
 */
export function createArrivalRecordingFetch(): {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  arrivals: ChunkArrival[];
} {
  const arrivals: ChunkArrival[] = [];
  return {
    arrivals,
    async fetch(input, init) {
      const response = await fetch(input, init);
      if (response.body === null) return response;
      const decoder = new TextDecoder();
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            arrivals.push({
              at: performance.now(),
              hasTextDelta: decoder.decode(chunk, { stream: true }).includes('text_delta'),
            });
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
  };
}
