import { ToolloopError } from './toolloop-error.js';

const name = 'ModelError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A model request that failed: an HTTP error after the provider's retries, a stream cut off before its end,
 * or a response the provider could not read. `retryable` says whether trying again later may succeed.
 */
export class ModelError extends ToolloopError {
  private readonly [symbol] = true;
  /** HTTP status, when the failure came from the provider's API. */
  readonly status: number | undefined;
  /** Whether the same request may succeed later (rate limits, overload, connection loss). */
  readonly retryable: boolean;
  /** The provider's own error type, such as `overloaded_error`. */
  readonly errorType: string | undefined;
  readonly provider: string | undefined;

  constructor(options: {
    message: string;
    status?: number;
    retryable?: boolean;
    errorType?: string;
    provider?: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.errorType = options.errorType;
    this.provider = options.provider;
  }

  static override isInstance(error: unknown): error is ModelError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      retryable: this.retryable,
      errorType: this.errorType,
      provider: this.provider,
    };
  }
}
