import { ToolloopError } from './toolloop-error.js';

const name = 'SessionNotFoundError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a session id leads nowhere: never created (or deleted from the store), expired when idle, or closed. */
export type SessionNotFoundReason = 'unknown' | 'expired' | 'closed';

/** A session id that names no usable session; `reason` says whether it never existed, expired or was closed. */
export class SessionNotFoundError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  readonly reason: SessionNotFoundReason;

  constructor({ sessionId, reason }: { sessionId: string; reason: SessionNotFoundReason }) {
    super({ name, message: describe(sessionId, reason) });
    this.sessionId = sessionId;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is SessionNotFoundError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), sessionId: this.sessionId, reason: this.reason };
  }
}

function describe(sessionId: string, reason: SessionNotFoundReason): string {
  switch (reason) {
    case 'unknown':
      return `Session '${sessionId}' does not exist. Start one with initializeSession(config).`;
    case 'expired':
      return `Session '${sessionId}' expired after being idle and was closed. Start a new one with initializeSession(config).`;
    case 'closed':
      return `Session '${sessionId}' was closed. Start a new one with initializeSession(config).`;
    default: {
      const unexpected: never = reason;
      return `Session '${sessionId}' is unavailable (${String(unexpected)}).`;
    }
  }
}
