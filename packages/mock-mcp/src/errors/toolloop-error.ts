// A copy of @toolloop/core's error base, kept identical (a test in test/ compares the two files): the mock server
// depends on no toolloop package it is used to test, and the base's markers make the copies one class to
// `ToolloopError.isInstance`.
const marker = 'toolloop.error';
const symbol = Symbol.for(marker);

/**
 * The base of every error toolloop throws or reports. `isInstance` works across copies of the package (it
 * checks a `Symbol.for` marker, not the prototype chain), and `toJSON` gives a report-safe shape.
 */
export class ToolloopError extends Error {
  private readonly [symbol] = true;

  constructor({ name, message, cause }: { name: string; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
  }

  static isInstance(error: unknown): error is ToolloopError {
    return ToolloopError.hasMarker(error, marker);
  }

  /** Never throws, whatever `error` is: a Proxy or an object with throwing getters is simply not an instance. */
  protected static hasMarker(error: unknown, markerName: string): boolean {
    const markerSymbol = Symbol.for(markerName);
    try {
      return (
        typeof error === 'object' &&
        error !== null &&
        markerSymbol in error &&
        (error as Record<symbol, unknown>)[markerSymbol] === true
      );
    } catch {
      return false;
    }
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }
}
