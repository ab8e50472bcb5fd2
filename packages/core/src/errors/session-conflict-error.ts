import { ToolloopError } from './toolloop-error.js';

const name = 'SessionConflictError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A store refused to save a session because the stored copy changed since this store read or wrote it:
 * another store (another host, or another manager on the same directory) saved it in between. Nothing was
 * overwritten; read the session again before saving it.
 */
export class SessionConflictError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  /** Where the session is stored (the file of a file store). */
  readonly path: string;

  constructor({ sessionId, path }: { sessionId: string; path: string }) {
    super({
      name,
      message:
        `Session '${sessionId}' changed in '${path}' since this store last read or wrote it: another store ` +
        '(another host, or another manager on the same directory) saved it. This save was refused so that ' +
        'nothing is overwritten. Read the session again and retry, and give each host its own directory.',
    });
    this.sessionId = sessionId;
    this.path = path;
  }

  static override isInstance(error: unknown): error is SessionConflictError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), sessionId: this.sessionId, path: this.path };
  }
}
