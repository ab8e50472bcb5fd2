import { setTimeout as delay } from 'node:timers/promises';
import { SessionBusyError } from '../errors/session-busy-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { TurnAbortedError } from '../errors/turn-aborted-error.js';
import type { SessionLeaseResult, SessionStore } from './session-store.js';

/** A session's lease, held for one turn. */
export interface HeldSessionLease {
  /** The session's version as stored when the lease was taken. */
  version: number;
  /** The owner whose save made that version. */
  savedBy: string | undefined;
  /** Stops renewing the lease and gives it up; waits for a renewal under way, so none lands after. */
  release(): Promise<void>;
}

/**
 * Takes a session's lease for a turn, waiting while another host holds it: asked again with a growing pause
 * (from 25 ms up to 1 s, never past the deadline), and refused with `SessionBusyError` once
 * `busyTimeoutMs` has passed. Then renews it every third of `ttlMs` until released; a renewal that finds the
 * lease taken by another (this host was too slow to renew) calls `onLost`. An abort of `signal` while waiting
 * ends the wait with `TurnAbortedError`.
 */
export async function holdSessionLease({
  store,
  sessionId,
  owner,
  ttlMs,
  busyTimeoutMs,
  signal,
  onLost,
}: {
  store: SessionStore;
  sessionId: string;
  owner: string;
  ttlMs: number;
  busyTimeoutMs: number;
  signal: AbortSignal;
  onLost: (lease: Exclude<SessionLeaseResult, { type: 'acquired' }>) => void;
}): Promise<HeldSessionLease> {
  const started = performance.now();
  let lease = await store.acquireLease(sessionId, { owner, ttlMs });
  for (let attempt = 0; lease.type === 'busy'; attempt += 1) {
    const waitedMs = Math.floor(performance.now() - started);
    if (waitedMs >= busyTimeoutMs) {
      throw new SessionBusyError({
        sessionId,
        leaseOwner: lease.owner,
        leaseExpiresAt: lease.expiresAt,
        waitedMs,
      });
    }
    // Not timed by the lease's end: that is the store's clock (a database's), which need not agree with this one.
    const pause = Math.max(1, Math.min(25 * 2 ** attempt, 1_000, busyTimeoutMs - waitedMs));
    try {
      await delay(pause, undefined, { signal });
    } catch {
      throw new TurnAbortedError({ reason: signal.reason });
    }
    lease = await store.acquireLease(sessionId, { owner, ttlMs });
  }
  if (lease.type === 'missing') throw new SessionNotFoundError({ sessionId, reason: 'unknown' });

  let renewing: Promise<void> = Promise.resolve();
  const renew = async () => {
    try {
      const renewed = await store.acquireLease(sessionId, { owner, ttlMs });
      if (renewed.type !== 'acquired') onLost(renewed);
    } catch {
      // A store out of reach now may answer at the next renewal; until then the lease still runs, and a save
      // after it ran out and another host took it is refused by the store.
    }
  };
  const timer = setInterval(
    () => {
      renewing = renewing.then(renew);
    },
    Math.max(1, Math.floor(ttlMs / 3)),
  );
  return {
    version: lease.version,
    savedBy: lease.savedBy,
    async release() {
      clearInterval(timer);
      await renewing;
      await store.releaseLease(sessionId, owner);
    },
  };
}
