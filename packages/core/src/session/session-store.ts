import type { SessionData } from './session-data.js';

/**
 * Where sessions are kept between turns (and between runs of the host). `SessionManager` saves after every
 * turn and reads a session back when it is used and not in memory. Implementations must keep a saved session
 * whole: a crash during `save` leaves the previous version or the new one, never a mix.
 */
export interface SessionStore {
  /** The session, or `undefined` when no session has this id. */
  load(id: string): Promise<SessionData | undefined>;
  save(session: SessionData): Promise<void>;
  /** Removes the session; deleting one that does not exist is not an error. */
  delete(id: string): Promise<void>;
  /** The ids of every stored session. */
  list(): Promise<string[]>;
}
