import { describeThrown } from '../internal/describe-thrown.js';
import { endSentence } from '../internal/end-sentence.js';
import { ToolloopError } from './toolloop-error.js';

const name = 'TurnAbortedError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** The caller aborted the turn (through `run.abort()` or its own signal); `reason` is what it passed. */
export class TurnAbortedError extends ToolloopError {
  private readonly [symbol] = true;
  readonly reason: unknown;

  constructor({ reason }: { reason?: unknown }) {
    // A reason that is already a sentence keeps its own full stop.
    const message = endSentence(`The turn was aborted by the caller${describeReason(reason)}`);
    super({ name, message, cause: reason });
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is TurnAbortedError {
    return ToolloopError.hasMarker(error, marker);
  }
}

function describeReason(reason: unknown): string {
  if (typeof reason === 'string') return reason.length > 0 ? `: ${reason}` : '';
  try {
    // An abort without a reason carries the platform's AbortError, which says nothing the message does not.
    if (reason instanceof Error && reason.name !== 'AbortError') return `: ${describeThrown(reason)}`;
  } catch {
    // A reason that cannot even be inspected is left out of the message.
  }
  return '';
}
