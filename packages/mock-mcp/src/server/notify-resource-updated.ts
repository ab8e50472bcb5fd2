import type { MockServerState } from './mock-server-state.js';

/**
 * Sends `notifications/resources/updated` for `uri` to every session that can hear it: a 2025-11-25 session
 * subscribed to it, a 2026-07-28 one whose `subscriptions/listen` asked for it.
 */
export async function notifyResourceUpdated(options: { state: MockServerState; uri: string }): Promise<void> {
  const { state, uri } = options;
  await Promise.all(
    [...state.sessions]
      .filter((session) => session.peer.isListening())
      .map((session) => session.peer.sendResourceUpdated(uri)),
  );
}
