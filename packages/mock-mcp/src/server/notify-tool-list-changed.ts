import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { MockServerState } from './mock-server-state.js';

/**
 * Sends `notifications/tools/list_changed` to every connected session. The session of a call that changed the
 * list (`caller`) gets it on that call's stream, so that it arrives before the call's answer (over HTTP the
 * other sessions get it on their standalone stream). A session that closed meanwhile is passed over. Resolves
 * with the number of sessions it was sent to.
 */
export async function notifyToolListChanged(options: {
  state: MockServerState;
  caller?: { session: McpServer; sendNotification: (notification: ServerNotification) => Promise<void> };
}): Promise<number> {
  const { state, caller } = options;
  const sent = await Promise.allSettled(
    [...state.sessions.keys()]
      .filter((session) => session.isConnected())
      .map((session) =>
        session === caller?.session
          ? caller.sendNotification({ method: 'notifications/tools/list_changed' })
          : session.server.sendToolListChanged(),
      ),
  );
  return sent.filter((outcome) => outcome.status === 'fulfilled').length;
}
