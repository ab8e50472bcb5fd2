const marker = Symbol.for('toolloop.error.EmptySelectionError');

/**
 * Paths, `--filter`, `--tag` and `--shard` selected no scenario: a typo must not pass as an empty, green run.
 * The message says which of them left nothing, and the tags in use.
 */
export class EmptySelectionError extends Error {
  private readonly [marker] = true;

  constructor(message: string) {
    super(message);
    this.name = 'EmptySelectionError';
  }

  static isInstance(error: unknown): error is EmptySelectionError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
