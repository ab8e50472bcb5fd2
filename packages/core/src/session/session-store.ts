import type { SessionData } from './session-data.js';

/**
 * What changed in a session since its version was read: `appendedMessages` messages were added at the end of
 * `messages`, and `lastActivity`, the counts, `pausedTurn` and `turnUnderWay` may have changed; nothing else did.
 */
export interface SessionChange {
  appendedMessages: number;
}

/** How a save is made: what changed, and which host saves it. */
export interface SessionSaveOptions {
  /**
   * Says only messages were appended since the version saved over, so a store can write just those and keep a
   * turn's cost independent of the history's length; a store that ignores it and writes everything is correct
   * too.
   */
  change?: SessionChange;
  /**
   * The host that saves, as it takes the session's lease: a save is refused while another owner holds it. The
   * store keeps it with the version the save makes (`savedBy` of a lease).
   */
  leaseOwner?: string;
}

/** Who asks for a session's lease, and for how long. */
export interface SessionLeaseRequest {
  /** The host, by a name unique among the hosts that share the store. */
  owner: string;
  /** How long the lease lasts unless taken again (renewed) by its owner before then. */
  ttlMs: number;
}

/**
 * What asking for a session's lease gave: the lease, with the session's version as stored and the owner whose save
 * made it (`savedBy`: the `leaseOwner` of that save), so a host can tell whether its copy is current — also of a
 * session deleted and made again under its id, whose versions start again; `busy` while another owner holds it
 * (until `expiresAt`, unless renewed); or `missing` when no session has the id.
 */
export type SessionLeaseResult =
  | { type: 'acquired'; version: number; savedBy: string | undefined; expiresAt: Date }
  | { type: 'busy'; owner: string; expiresAt: Date }
  | { type: 'missing' };

/**
 * Where sessions are kept between turns, and between runs of the hosts that share them. `SessionManager` saves
 * after every round of a turn and reads a session back when its copy is not the stored version.
 *
 * The contract every store keeps (the same tests check the memory, file and Postgres stores):
 * - **Whole saves.** A crash during `save` leaves the previous version or the new one, never a mix.
 * - **Versions.** `load` returns the session with its `version`; a save carries the version it was made from
 *   (`session.version`, absent for a new session) and is refused with `SessionConflictError` unless that is
 *   the stored version (or, for a new session, none is stored): no save ever overwrites another's. A save
 *   that lands returns the new version, one more than before.
 * - **Leases.** One owner at a time holds a session's lease, for `ttlMs` from its last `acquireLease`. Asking
 *   again before it runs out renews it; once it has run out (its owner died), any owner may take it. While an
 *   owner holds it, saves by others are refused. A host holds the lease while it runs a turn, so no two hosts
 *   run turns of one session at once.
 */
export interface SessionStore {
  /** The session with its version, or `undefined` when no session has this id. */
  load(id: string): Promise<SessionData | undefined>;
  /** Saves the session over the version it was made from, and returns the new version (see the contract). */
  save(session: SessionData, options?: SessionSaveOptions): Promise<number>;
  /** Removes the session and its lease; deleting one that does not exist is not an error. */
  delete(id: string): Promise<void>;
  /** The ids of every stored session. */
  list(): Promise<string[]>;
  /** Takes or renews the session's lease for `owner` (see the contract). */
  acquireLease(id: string, request: SessionLeaseRequest): Promise<SessionLeaseResult>;
  /** Gives the lease up, if `owner` holds it; otherwise does nothing. */
  releaseLease(id: string, owner: string): Promise<void>;
}
