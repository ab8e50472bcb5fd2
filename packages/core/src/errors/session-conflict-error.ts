import { ToolloopError } from './toolloop-error.js';

const name = 'SessionConflictError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Why a save was refused: the session `changed` (another save landed since the version it was made from),
 * another host holds its lease (`leased`: it is running a turn of the session), or another store held the
 * session file's lock (`locked`) for longer than this store waits.
 */
export type SessionConflictReason = 'changed' | 'leased' | 'locked';

/** What refused the save; `reason` may be left out for `changed`. */
type Conflict =
  | {
      reason: 'changed';
      /** The version the save was made from; `undefined` for a new session. */
      expectedVersion?: number | undefined;
      /** The version stored; `undefined` when the session is gone. */
      storedVersion?: number | undefined;
    }
  | { reason: 'leased'; owner: string; expiresAt: Date }
  | {
      reason: 'locked';
      lockPath: string;
      /** Who holds the lock, in words: `process 4242 on host 'web-1' (since …)`. */
      holder: string;
      waitedMs: number;
    };

/**
 * A store refused to save a session because another host saved it since the version this save was made from,
 * or holds its lease (runs a turn of it), or was writing it and did not finish in time. Nothing was
 * overwritten; read the session again before saving it.
 */
export class SessionConflictError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  /** Where the session is stored (the file of a file store); `undefined` for a store without paths. */
  readonly path: string | undefined;
  readonly reason: SessionConflictReason;
  /** With `changed`: the version the save was made from (`undefined`: a new session). */
  readonly expectedVersion: number | undefined;
  /** With `changed`: the version stored (`undefined`: none, the session is gone). */
  readonly storedVersion: number | undefined;
  /** With `leased`: the host that holds the lease. */
  readonly leaseOwner: string | undefined;
  /** With `leased`: when the lease runs out unless its owner renews it. */
  readonly leaseExpiresAt: Date | undefined;
  /** The lock file another store held, when `reason` is `locked`. */
  readonly lockPath: string | undefined;

  constructor({
    sessionId,
    path,
    ...conflict
  }: { sessionId: string; path?: string | undefined } & (Conflict | { reason?: undefined })) {
    const known: Conflict = conflict.reason === undefined ? { reason: 'changed' } : conflict;
    super({ name, message: describe({ sessionId, path, conflict: known }) });
    this.sessionId = sessionId;
    this.path = path;
    this.reason = known.reason;
    this.expectedVersion = known.reason === 'changed' ? known.expectedVersion : undefined;
    this.storedVersion = known.reason === 'changed' ? known.storedVersion : undefined;
    this.leaseOwner = known.reason === 'leased' ? known.owner : undefined;
    this.leaseExpiresAt = known.reason === 'leased' ? known.expiresAt : undefined;
    this.lockPath = known.reason === 'locked' ? known.lockPath : undefined;
  }

  static override isInstance(error: unknown): error is SessionConflictError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    const fields: Record<string, unknown> = {
      ...super.toJSON(),
      sessionId: this.sessionId,
      ...(this.path === undefined ? {} : { path: this.path }),
      reason: this.reason,
      ...(this.expectedVersion === undefined ? {} : { expectedVersion: this.expectedVersion }),
      ...(this.storedVersion === undefined ? {} : { storedVersion: this.storedVersion }),
      ...(this.leaseOwner === undefined ? {} : { leaseOwner: this.leaseOwner }),
      ...(this.leaseExpiresAt === undefined ? {} : { leaseExpiresAt: this.leaseExpiresAt.toISOString() }),
      ...(this.lockPath === undefined ? {} : { lockPath: this.lockPath }),
    };
    return fields;
  }
}

function describe({
  sessionId,
  path,
  conflict,
}: {
  sessionId: string;
  path: string | undefined;
  conflict: Conflict;
}): string {
  const session = path === undefined ? `Session '${sessionId}'` : `Session '${sessionId}' in '${path}'`;
  const refused = 'This save was refused so that nothing is overwritten.';
  switch (conflict.reason) {
    case 'changed':
      return `${session} ${describeChange(conflict)} ${refused} Read the session again and retry.`;
    case 'leased':
      return (
        `${session} is leased to '${conflict.owner}' until ${conflict.expiresAt.toISOString()}: another host ` +
        `is running a turn of it. ${refused} Read the session again once that turn has ended.`
      );
    case 'locked':
      return (
        `${session} is being saved by another store: its lock file '${conflict.lockPath}' is held by ` +
        `${conflict.holder} and was not released within ${conflict.waitedMs} ms. ${refused} Read the ` +
        `session again and retry; if no store is saving it (a host that stopped while it saved), delete ` +
        `'${conflict.lockPath}'.`
      );
    default: {
      const unexpected: never = conflict;
      return `${session} was not saved (${JSON.stringify(unexpected)}).`;
    }
  }
}

function describeChange({
  expectedVersion,
  storedVersion,
}: {
  expectedVersion?: number | undefined;
  storedVersion?: number | undefined;
}): string {
  if (expectedVersion === undefined && storedVersion === undefined)
    return 'was saved by another store since this one read it.';
  const from = expectedVersion === undefined ? 'as a new session' : `from version ${expectedVersion}`;
  const stored =
    storedVersion === undefined
      ? 'the session is no longer stored'
      : `the store holds version ${storedVersion}`;
  return `was saved ${from}, but ${stored}: another host saved or deleted it since.`;
}
