import type { SessionData } from './session-data.js';
import { checkSaveAllowed, type StoredLease, toLeaseResult } from './session-lease.js';
import type { SessionChange, SessionStore } from './session-store.js';

/**
 * A store in this process's memory: the default. Sessions are copied in and out, so callers cannot change
 * them; a save that only appended messages copies just those, so a turn costs the same however long the
 * history is. It keeps the store contract (versions, leases) among the managers of one process; `now` is the
 * clock leases run out by.
 */
export function createMemorySessionStore({ now = Date.now }: { now?: () => number } = {}): SessionStore {
  const sessions = new Map<string, SessionData & { version: number }>();
  const leases = new Map<string, StoredLease>();
  return {
    load: (id) =>
      settle(() => {
        const session = sessions.get(id);
        return session === undefined ? undefined : structuredClone(session);
      }),
    save: (session, { change, leaseOwner } = {}) =>
      settle(() => {
        const stored = sessions.get(session.id);
        checkSaveAllowed({
          sessionId: session.id,
          expectedVersion: session.version,
          storedVersion: stored?.version,
          lease: leases.get(session.id),
          leaseOwner,
          now: now(),
        });
        const version = (stored?.version ?? 0) + 1;
        const appendedFrom = stored === undefined ? undefined : appendedFromIndex(stored, session, change);
        if (stored === undefined || appendedFrom === undefined) {
          sessions.set(session.id, { ...structuredClone(session), version });
        } else {
          stored.messages.push(...structuredClone(session.messages.slice(appendedFrom)));
          stored.version = version;
          stored.lastActivity = new Date(session.lastActivity);
          stored.toolCallCount = session.toolCallCount;
          stored.tokenCount = session.tokenCount;
          if (session.pausedTurn === undefined) delete stored.pausedTurn;
          else stored.pausedTurn = structuredClone(session.pausedTurn);
          if (session.turnUnderWay === undefined) delete stored.turnUnderWay;
          else stored.turnUnderWay = structuredClone(session.turnUnderWay);
          if (session.toolJournal === undefined) delete stored.toolJournal;
          else stored.toolJournal = structuredClone(session.toolJournal);
        }
        return version;
      }),
    delete: (id) =>
      settle(() => {
        sessions.delete(id);
        leases.delete(id);
      }),
    list: () => settle(() => [...sessions.keys()]),
    acquireLease: (id, { owner, ttlMs }) =>
      settle(() => {
        const result = toLeaseResult({
          version: sessions.get(id)?.version,
          lease: leases.get(id),
          request: { owner, ttlMs },
          now: now(),
        });
        if (result.type === 'acquired') leases.set(id, { owner, expiresAt: result.expiresAt.getTime() });
        return result;
      }),
    releaseLease: (id, owner) =>
      settle(() => {
        if (leases.get(id)?.owner === owner) leases.delete(id);
      }),
  };
}

/** Runs `action` now, and settles with what it returns or throws: a store's refusals reject, as promised. */
function settle<RESULT>(action: () => RESULT): Promise<RESULT> {
  return new Promise((resolve) => {
    resolve(action());
  });
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
