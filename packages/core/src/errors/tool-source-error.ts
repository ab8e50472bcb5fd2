import { ToolloopError } from './toolloop-error.js';

const name = 'ToolSourceError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** The tools of a turn could not be assembled: a source failed to list its tools, or two tools share a name. */
export class ToolSourceError extends ToolloopError {
  private readonly [symbol] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name, message, cause });
  }

  static override isInstance(error: unknown): error is ToolSourceError {
    return ToolloopError.hasMarker(error, marker);
  }
}
