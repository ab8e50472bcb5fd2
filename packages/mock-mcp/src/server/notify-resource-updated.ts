import type { MockServerState } from './mock-server-state.js';

/** Sends `notifications/resources/updated` for `uri` to every connected session subscribed to it. */
export async function notifyResourceUpdated(options: { state: MockServerState; uri: string }): Promise<void> {
  const { state, uri } = options;
  await Promise.all(
    [...state.sessions]
      .filter(([server, session]) => server.isConnected() && session.subscriptions.has(uri))
      .map(([server]) => server.server.sendResourceUpdated({ uri })),
  );
}
