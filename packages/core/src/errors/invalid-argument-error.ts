import { ToolloopError } from './toolloop-error.js';

const name = 'InvalidArgumentError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** An option passed to a toolloop function is invalid; `argument` names it. Thrown before any work starts. */
export class InvalidArgumentError extends ToolloopError {
  private readonly [symbol] = true;
  readonly argument: string;

  constructor({ argument, message }: { argument: string; message: string }) {
    super({ name, message: `Invalid option '${argument}': ${message}` });
    this.argument = argument;
  }

  static override isInstance(error: unknown): error is InvalidArgumentError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), argument: this.argument };
  }
}
