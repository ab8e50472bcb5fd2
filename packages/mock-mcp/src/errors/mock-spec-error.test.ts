import { describe, expect, it } from 'vitest';
import { MockSpecError, parseMockServerSpec } from '../index.js';

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the action to throw');
}

describe('MockSpecError, the public error of @toolloop/mock-mcp', () => {
  it('is recognised by isInstance, from this copy of the package or another', () => {
    const error = catchError(() => parseMockServerSpec({ tools: [{ name: '' }] }));
    const fromAnotherCopy = Object.assign(new Error('x'), {
      [Symbol.for('toolloop.error')]: true,
      [Symbol.for('toolloop.error.MockSpecError')]: true,
    });

    expect(MockSpecError.isInstance(error)).toBe(true);
    expect(MockSpecError.isInstance(fromAnotherCopy)).toBe(true);
    expect(MockSpecError.isInstance(new Error('plain'))).toBe(false);
    expect(MockSpecError.isInstance(undefined)).toBe(false);
  });

  it('keeps its name, message, fields and cause, and survives JSON with its fields', () => {
    const cause = new Error('unexpected token');
    const error = new MockSpecError({
      file: 'servers/shop.yaml',
      issues: [{ path: 'tools[0].name', message: 'Too small', line: 3, column: 5 }],
      cause,
    });

    expect(error.name).toBe('MockSpecError');
    expect(error.message).toBe(
      'Invalid mock server spec in servers/shop.yaml:\n  servers/shop.yaml:3:5 tools[0].name: Too small',
    );
    expect(error.cause).toBe(cause);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'MockSpecError',
      message:
        'Invalid mock server spec in servers/shop.yaml:\n  servers/shop.yaml:3:5 tools[0].name: Too small',
      file: 'servers/shop.yaml',
      issues: [{ path: 'tools[0].name', message: 'Too small', line: 3, column: 5 }],
    });
  });
});
