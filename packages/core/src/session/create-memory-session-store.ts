import type { Message } from '../model/messages.js';
import type { SessionData } from './session-data.js';
import { fromSessionRecord, type SessionRecord, toSessionRecord } from './session-record.js';
import { checkSaveAllowed, type StoredLease, toLeaseResult } from './session-lease.js';
import type { SessionChange, SessionStore } from './session-store.js';

/**
 * A store in this process's memory: the default. Sessions are copied in and out, so callers cannot change
 * them; a save that only appended messages copies just those (the checkpoint of a turn under way is kept without
 * the transcript it shares), so a turn costs the same however long the history is. It keeps the store contract (versions, leases) among the managers of one process; `now` is the
 * clock leases run out by.
 */
export function createMemorySessionStore({ now = Date.now }: { now?: () => number } = {}): SessionStore {
  const sessions = new Map<string, StoredSession>();
  const leases = new Map<string, StoredLease>();
  return {
    load: (id) =>
      settle(() => {
        const stored = sessions.get(id);
        if (stored === undefined) return undefined;
        const { llmConfig, version, savedBy, messages, record } = structuredClone(stored);
        const session = fromSessionRecord({ id, llmConfig, version, messages, record });
        return savedBy === undefined ? session : { ...session, savedBy };
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
        // The record holds the checkpoint and the paused turn without the transcript: copied once, as messages.
        const record = structuredClone(toSessionRecord(session));
        const appendedFrom = stored === undefined ? undefined : appendedFromIndex(stored, session, change);
        if (stored === undefined || appendedFrom === undefined) {
          sessions.set(session.id, {
            llmConfig: structuredClone(session.llmConfig),
            version,
            savedBy: leaseOwner,
            messages: structuredClone(session.messages),
            record,
          });
        } else {
          // One at a time: a save may append more messages than a call takes arguments (an imported history).
          for (const message of structuredClone(session.messages.slice(appendedFrom)))
            stored.messages.push(message);
          stored.version = version;
          stored.savedBy = leaseOwner;
          stored.record = record;
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
          savedBy: sessions.get(id)?.savedBy,
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

/** A session as the memory store keeps it: as the other stores do, its messages once and its record beside. */
interface StoredSession {
  llmConfig: SessionData['llmConfig'];
  version: number;
  savedBy: string | undefined;
  messages: Message[];
  record: SessionRecord;
}

/** Runs `action` now, and settles with what it returns or throws: a store's refusals reject, as promised. */
function settle<RESULT>(action: () => RESULT): Promise<RESULT> {
  return new Promise((resolve) => {
    resolve(action());
  });
}

/** Where the appended messages start, when `change` fits what is stored; else a whole copy is needed. */
function appendedFromIndex(
  stored: StoredSession,
  session: SessionData,
  change: SessionChange | undefined,
): number | undefined {
  if (change === undefined) return undefined;
  const from = session.messages.length - change.appendedMessages;
  return change.appendedMessages >= 0 && from === stored.messages.length ? from : undefined;
}
