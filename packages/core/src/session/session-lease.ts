import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import type { SessionLeaseRequest, SessionLeaseResult } from './session-store.js';

/** A session's lease as a store keeps it: its owner, and when it runs out (milliseconds since the epoch). */
export interface StoredLease {
  owner: string;
  expiresAt: number;
}

/** Refuses a lease request no store can keep: an empty owner, or a duration that is not a positive number. */
export function checkLeaseRequest({ owner, ttlMs }: SessionLeaseRequest): void {
  if (typeof owner !== 'string' || owner.length === 0 || owner.length > 200) {
    throw new InvalidArgumentError({
      argument: 'owner',
      message: 'must be a non-empty string (at most 200).',
    });
  }
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new InvalidArgumentError({ argument: 'ttlMs', message: 'must be a positive whole number of ms.' });
  }
}

/**
 * What a lease request gets, by the contract: `missing` without a stored session, `busy` while another owner's
 * lease runs, else the lease from `now` for `ttlMs` (taken, renewed, or taken over once another's ran out).
 */
export function toLeaseResult({
  version,
  savedBy,
  lease,
  request,
  now,
}: {
  version: number | undefined;
  /** The owner whose save made the stored version. */
  savedBy: string | undefined;
  lease: StoredLease | undefined;
  request: SessionLeaseRequest;
  now: number;
}): SessionLeaseResult {
  checkLeaseRequest(request);
  if (version === undefined) return { type: 'missing' };
  if (lease !== undefined && lease.owner !== request.owner && lease.expiresAt > now) {
    return { type: 'busy', owner: lease.owner, expiresAt: new Date(lease.expiresAt) };
  }
  return { type: 'acquired', version, savedBy, expiresAt: new Date(now + request.ttlMs) };
}

/**
 * Refuses a save the contract forbids, with `SessionConflictError`: while another owner's lease runs
 * (`leased`), or when the version it was made from is not the stored one (`changed`).
 */
export function checkSaveAllowed({
  sessionId,
  path,
  expectedVersion,
  storedVersion,
  lease,
  leaseOwner,
  now,
}: {
  sessionId: string;
  path?: string;
  expectedVersion: number | undefined;
  storedVersion: number | undefined;
  lease: StoredLease | undefined;
  leaseOwner: string | undefined;
  now: number;
}): void {
  if (lease !== undefined && lease.owner !== leaseOwner && lease.expiresAt > now) {
    throw new SessionConflictError({
      sessionId,
      path,
      reason: 'leased',
      owner: lease.owner,
      expiresAt: new Date(lease.expiresAt),
    });
  }
  if (expectedVersion !== storedVersion) {
    throw new SessionConflictError({ sessionId, path, reason: 'changed', expectedVersion, storedVersion });
  }
}
