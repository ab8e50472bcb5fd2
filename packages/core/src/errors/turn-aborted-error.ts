import { ToolloopError } from './toolloop-error.js';

const name = 'TurnAbortedError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** The caller aborted the turn (through `run.abort()` or its own signal); `reason` is what it passed. */
export class TurnAbortedError extends ToolloopError {
  private readonly [symbol] = true;
  readonly reason: unknown;

  constructor({ reason }: { reason?: unknown }) {
    super({ name, message: `The turn was aborted by the caller${describeReason(reason)}.`, cause: reason });
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is TurnAbortedError {
    return ToolloopError.hasMarker(error, marker);
  }
}

function describeReason(reason: unknown): string {
  if (typeof reason === 'string' && reason.length > 0) return `: ${reason}`;
  if (reason instanceof Error && reason.name !== 'AbortError') return `: ${reason.message}`;
  return '';
}
