import type { SessionNotFoundReason } from '../errors/session-not-found-error.js';

/** Why sessions ended, as the session manager remembers it. */
export interface EndedSessions {
  /** The session is ending (closing or expiring): from now on it must not run or reopen. */
  begin(sessionId: string, reason: SessionNotFoundReason): void;
  /** The session's servers are closed and its stored copy deleted: it may now be forgotten in time. */
  finish(sessionId: string): void;
  /** Why the session ended, while it is ending or among the most recent ended ones. */
  reasonOf(sessionId: string): SessionNotFoundReason | undefined;
}

/**
 * Remembers every session still ending, so none reopens half-closed, and only the last `limit` (1,000) that
 * finished ending, so a host that runs for months does not grow with every session it ever had. A forgotten
 * session is already gone from the store, so it reads like any id the manager never saw.
 */
export function createEndedSessions({ limit = 1_000 }: { limit?: number } = {}): EndedSessions {
  const ending = new Map<string, SessionNotFoundReason>();
  const ended = new Map<string, SessionNotFoundReason>();
  return {
    begin(sessionId, reason) {
      ending.set(sessionId, reason);
    },
    finish(sessionId) {
      const reason = ending.get(sessionId);
      if (reason === undefined) return;
      ending.delete(sessionId);
      // Deleted first, so a session ended twice moves to the newest end of the insertion order.
      ended.delete(sessionId);
      ended.set(sessionId, reason);
      for (const oldest of ended.keys()) {
        if (ended.size <= limit) break;
        ended.delete(oldest);
      }
    },
    reasonOf(sessionId) {
      return ending.get(sessionId) ?? ended.get(sessionId);
    },
  };
}
