import { ToolloopError } from './toolloop-error.js';

const name = 'HookError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** A hook the caller gave the loop (`stopWhen`, `prepareStep`, `onStepFinish`) threw or returned something unusable. */
export class HookError extends ToolloopError {
  private readonly [symbol] = true;
  /** Which hook: `stopWhen`, `prepareStep` or `onStepFinish`. */
  readonly hook: string;

  constructor({ hook, message, cause }: { hook: string; message: string; cause?: unknown }) {
    super({ name, message, cause });
    this.hook = hook;
  }

  static override isInstance(error: unknown): error is HookError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), hook: this.hook };
  }
}
