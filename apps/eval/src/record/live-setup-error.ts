import { ToolloopError } from '@toolloop/core/internal';

const name = 'LiveSetupError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A live run that cannot start: a key that is not set (the message names the variable, never a value), or the
 * packages a live Bedrock run signs with are not installed.
 */
export class LiveSetupError extends ToolloopError {
  private readonly [symbol] = true;

  constructor(message: string) {
    super({ name, message });
  }

  static override isInstance(error: unknown): error is LiveSetupError {
    return ToolloopError.hasMarker(error, marker);
  }
}
