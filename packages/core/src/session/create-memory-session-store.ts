import type { SessionData } from './session-data.js';
import type { SessionChange, SessionStore } from './session-store.js';

/**
 * A store in this process's memory: the default. Sessions are copied in and out, so callers cannot change
 * them; a save that only appended messages copies just those, so a turn costs the same however long the
 * history is.
 */
export function createMemorySessionStore(): SessionStore {
  const sessions = new Map<string, SessionData>();
  return {
    load(id) {
      const session = sessions.get(id);
      return Promise.resolve(session === undefined ? undefined : structuredClone(session));
    },
    save(session, change) {
      const stored = sessions.get(session.id);
      const appendedFrom = stored === undefined ? undefined : appendedFromIndex(stored, session, change);
      if (stored === undefined || appendedFrom === undefined) {
        sessions.set(session.id, structuredClone(session));
      } else {
        stored.messages.push(...structuredClone(session.messages.slice(appendedFrom)));
        stored.lastActivity = new Date(session.lastActivity);
        stored.toolCallCount = session.toolCallCount;
        stored.tokenCount = session.tokenCount;
        if (session.pausedTurn === undefined) delete stored.pausedTurn;
        else stored.pausedTurn = structuredClone(session.pausedTurn);
        if (session.turnUnderWay === undefined) delete stored.turnUnderWay;
        else stored.turnUnderWay = structuredClone(session.turnUnderWay);
      }
      return Promise.resolve();
    },
    delete(id) {
      sessions.delete(id);
      return Promise.resolve();
    },
    list() {
      return Promise.resolve([...sessions.keys()]);
    },
  };
}

/** Where the appended messages start, when `change` fits what is stored; else a whole copy is needed. */
function appendedFromIndex(
  stored: SessionData,
  session: SessionData,
  change: SessionChange | undefined,
): number | undefined {
  if (change === undefined) return undefined;
  const from = session.messages.length - change.appendedMessages;
  return change.appendedMessages >= 0 && from === stored.messages.length ? from : undefined;
}
