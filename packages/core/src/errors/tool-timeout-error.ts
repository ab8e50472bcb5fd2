import { ToolloopError } from './toolloop-error.js';

const name = 'ToolTimeoutError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** One tool call ran past `toolTimeoutMs`. The loop reports it to the model as an error result and goes on. */
export class ToolTimeoutError extends ToolloopError {
  private readonly [symbol] = true;
  readonly toolName: string;
  readonly timeoutMs: number;

  constructor({ toolName, timeoutMs }: { toolName: string; timeoutMs: number }) {
    super({ name, message: `Tool '${toolName}' did not finish within ${timeoutMs} ms and was cancelled.` });
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }

  static override isInstance(error: unknown): error is ToolTimeoutError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), toolName: this.toolName, timeoutMs: this.timeoutMs };
  }
}
