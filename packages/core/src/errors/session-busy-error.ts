import { ToolloopError } from './toolloop-error.js';

const name = 'SessionBusyError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A turn was not started because another host runs a turn of the same session (it holds the session's lease)
 * and did not end it within the time this host waits (`SessionManagerOptions.sessionBusyTimeoutMs`). Nothing
 * ran and nothing was saved: send the message again later.
 */
export class SessionBusyError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  /** The host that holds the session's lease. */
  readonly leaseOwner: string;
  /** When that lease runs out unless its owner renews it (a host that died renews nothing). */
  readonly leaseExpiresAt: Date;
  /** How long this host waited for the lease. */
  readonly waitedMs: number;

  constructor({
    sessionId,
    leaseOwner,
    leaseExpiresAt,
    waitedMs,
  }: {
    sessionId: string;
    leaseOwner: string;
    leaseExpiresAt: Date;
    waitedMs: number;
  }) {
    super({
      name,
      message:
        `Session '${sessionId}' is busy: host '${leaseOwner}' is running a turn of it (its lease runs until ` +
        `${leaseExpiresAt.toISOString()} unless renewed), and this host waited ${waitedMs} ms for it. The ` +
        'message was not run; send it again later, or wait longer with sessionBusyTimeoutMs.',
    });
    this.sessionId = sessionId;
    this.leaseOwner = leaseOwner;
    this.leaseExpiresAt = leaseExpiresAt;
    this.waitedMs = waitedMs;
  }

  static override isInstance(error: unknown): error is SessionBusyError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      sessionId: this.sessionId,
      leaseOwner: this.leaseOwner,
      leaseExpiresAt: this.leaseExpiresAt.toISOString(),
      waitedMs: this.waitedMs,
    };
  }
}
