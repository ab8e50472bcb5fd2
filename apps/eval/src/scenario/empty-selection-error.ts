import { ToolloopError } from '@toolloop/core/internal';

const name = 'EmptySelectionError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Paths, `--filter`, `--tag` and `--shard` selected no scenario: a typo must not pass as an empty, green run.
 * The message says which of them left nothing, and the tags in use.
 */
export class EmptySelectionError extends ToolloopError {
  private readonly [symbol] = true;

  constructor(message: string) {
    super({ name, message });
  }

  static override isInstance(error: unknown): error is EmptySelectionError {
    return ToolloopError.hasMarker(error, marker);
  }
}
