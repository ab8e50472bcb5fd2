import type { SetupServer } from 'msw/node';

/**
 * Makes an msw server drop the copy it keeps of every mocked response body. msw tees each body for its
 * `response:mocked` event; nobody reads that copy, so a client that cancels its own copy (the Anthropic SDK
 * does, before each retry) would wait forever. `fake.listen()` does this already; call it on your own
 * `setupServer(...fake.handlers)`.
 */
export function cancelMswResponseCopies(server: SetupServer): void {
  server.events.on('response:mocked', ({ response }) => {
    response.body?.cancel().catch(() => undefined);
  });
}
