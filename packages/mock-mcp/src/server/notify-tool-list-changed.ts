import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { MockServerState, MockSession } from './mock-server-state.js';

/**
 * Sends `notifications/tools/list_changed` to every session that can hear it now (2025-11-25: connected;
 * 2026-07-28: with a `subscriptions/listen` open). The 2025-11-25 session of a call that changed the list
 * (`caller`) gets it on that call's stream, so that it arrives before the call's answer (over HTTP the other
 * sessions get it on their standalone stream). A session that closed meanwhile is passed over. Resolves with
 * the number of sessions it was sent to.
 */
export async function notifyToolListChanged(options: {
  state: MockServerState;
  caller?: { session: MockSession; sendNotification: (notification: ServerNotification) => Promise<void> };
}): Promise<number> {
  const { state, caller } = options;
  const sent = await Promise.allSettled(
    [...state.sessions]
      .filter((session) => session.peer.isListening())
      .map((session) =>
        session === caller?.session
          ? caller.sendNotification({ method: 'notifications/tools/list_changed' })
          : session.peer.sendToolListChanged(),
      ),
  );
  return sent.filter((outcome) => outcome.status === 'fulfilled').length;
}
