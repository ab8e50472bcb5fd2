import { describe, expect, it } from 'vitest';
import { InvalidToolInputError } from './invalid-tool-input-error.js';
import { ModelError } from './model-error.js';
import { ToolloopError } from './toolloop-error.js';
import { ToolTimeoutError } from './tool-timeout-error.js';
import { TurnTimeoutError } from './turn-timeout-error.js';

describe('typed errors', () => {
  it('isInstance tells the classes apart and sees the base class', () => {
    const error = new ModelError({
      message: 'Overloaded',
      status: 529,
      retryable: true,
      errorType: 'overloaded_error',
    });

    expect(ModelError.isInstance(error)).toBe(true);
    expect(ToolloopError.isInstance(error)).toBe(true);
    expect(TurnTimeoutError.isInstance(error)).toBe(false);
    expect(ModelError.isInstance(new Error('plain'))).toBe(false);
    expect(ModelError.isInstance(undefined)).toBe(false);
  });

  it('isInstance works across copies of the package (a marker, not the prototype chain)', () => {
    const fromAnotherCopy = Object.assign(new Error('x'), {
      [Symbol.for('toolloop.error')]: true,
      [Symbol.for('toolloop.error.ToolTimeoutError')]: true,
    });

    expect(ToolTimeoutError.isInstance(fromAnotherCopy)).toBe(true);
    expect(InvalidToolInputError.isInstance(fromAnotherCopy)).toBe(false);
  });

  it('keeps the cause and gives a report-safe JSON shape', () => {
    const cause = new Error('ECONNRESET');
    const error = new ModelError({
      message: 'Connection lost',
      retryable: true,
      provider: 'anthropic',
      cause,
    });

    expect(error.cause).toBe(cause);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ModelError',
      message: 'Connection lost',
      retryable: true,
      provider: 'anthropic',
    });
  });
});
