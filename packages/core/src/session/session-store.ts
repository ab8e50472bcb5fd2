import type { SessionData } from './session-data.js';

/**
 * What changed in a session since this store last saved or loaded it: `appendedMessages` messages were added
 * at the end of `messages`, and `lastActivity`, the counts, `pausedTurn` and `turnUnderWay` may have changed;
 * nothing else did.
 */
export interface SessionChange {
  appendedMessages: number;
}

/**
 * Where sessions are kept between turns (and between runs of the host). `SessionManager` saves after every
 * turn and reads a session back when it is used and not in memory. Implementations must keep a saved session
 * whole: a crash during `save` leaves the previous version or the new one, never a mix. A store that finds the
 * session changed by another store since it read it should refuse the save with `SessionConflictError`; the
 * manager then reads the session again at its next use.
 */
export interface SessionStore {
  /** The session, or `undefined` when no session has this id. */
  load(id: string): Promise<SessionData | undefined>;
  /**
   * Saves the whole session. `change`, when given, says only messages were appended since the last save or
   * load, so a store can write just those and keep a turn's cost independent of the history's length; a
   * store that ignores it and writes everything is correct too.
   */
  save(session: SessionData, change?: SessionChange): Promise<void>;
  /** Removes the session; deleting one that does not exist is not an error. */
  delete(id: string): Promise<void>;
  /** The ids of every stored session. */
  list(): Promise<string[]>;
}
