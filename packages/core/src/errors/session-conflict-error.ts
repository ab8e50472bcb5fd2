import { ToolloopError } from './toolloop-error.js';

const name = 'SessionConflictError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Why a save was refused: the stored copy `changed` since this store read or wrote it, or another store held
 * the session's lock (`locked`) for longer than this store waits: it was saving the session.
 */
export type SessionConflictReason = 'changed' | 'locked';

/** What refused the save; `reason` may be left out for `changed`. */
type Conflict =
  | { reason: 'changed' }
  | {
      reason: 'locked';
      lockPath: string;
      /** Who holds the lock, in words: `process 4242 on host 'web-1' (since …)`. */
      holder: string;
      waitedMs: number;
    };

/**
 * A store refused to save a session because another store (another host, or another manager on the same
 * directory) saved it since this store read or wrote it, or was saving it and did not finish in time. Nothing
 * was overwritten; read the session again before saving it.
 */
export class SessionConflictError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  /** Where the session is stored (the file of a file store). */
  readonly path: string;
  readonly reason: SessionConflictReason;
  /** The lock file another store held, when `reason` is `locked`. */
  readonly lockPath: string | undefined;

  constructor({
    sessionId,
    path,
    ...conflict
  }: { sessionId: string; path: string } & (Conflict | { reason?: undefined })) {
    const known: Conflict = conflict.reason === undefined ? { reason: 'changed' } : conflict;
    super({ name, message: describe({ sessionId, path, conflict: known }) });
    this.sessionId = sessionId;
    this.path = path;
    this.reason = known.reason;
    this.lockPath = known.reason === 'locked' ? known.lockPath : undefined;
  }

  static override isInstance(error: unknown): error is SessionConflictError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      sessionId: this.sessionId,
      path: this.path,
      reason: this.reason,
      ...(this.lockPath === undefined ? {} : { lockPath: this.lockPath }),
    };
  }
}

function describe({ sessionId, path, conflict }: { sessionId: string; path: string; conflict: Conflict }) {
  switch (conflict.reason) {
    case 'changed':
      return (
        `Session '${sessionId}' changed in '${path}' since this store last read or wrote it: another store ` +
        '(another host, or another manager on the same directory) saved it. This save was refused so that ' +
        'nothing is overwritten. Read the session again and retry, and give each host its own directory.'
      );
    case 'locked':
      return (
        `Session '${sessionId}' in '${path}' is being saved by another store: its lock file ` +
        `'${conflict.lockPath}' is held by ${conflict.holder} and was not released within ` +
        `${conflict.waitedMs} ms. This save was refused so that nothing is overwritten. Read the session ` +
        `again and retry; if no store is saving it (a host that stopped while it saved), delete ` +
        `'${conflict.lockPath}'.`
      );
    default: {
      const unexpected: never = conflict;
      return `Session '${sessionId}' in '${path}' was not saved (${JSON.stringify(unexpected)}).`;
    }
  }
}
