import { ToolloopError } from './toolloop-error.js';

const name = 'TurnTimeoutError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** The whole turn ran past `timeoutMs`; the model stream and the running tools were aborted with this reason. */
export class TurnTimeoutError extends ToolloopError {
  private readonly [symbol] = true;
  readonly timeoutMs: number;

  constructor({ timeoutMs }: { timeoutMs: number }) {
    super({ name, message: `The turn did not finish within ${timeoutMs} ms.` });
    this.timeoutMs = timeoutMs;
  }

  static override isInstance(error: unknown): error is TurnTimeoutError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs };
  }
}
