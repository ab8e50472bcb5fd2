import { describe, expect, it } from 'vitest';
import { describeThrown } from './describe-thrown.js';

describe('describeThrown', () => {
  it('says what an Error, a string or a plain value is', () => {
    expect(describeThrown(new Error('disk full'))).toBe('disk full');
    expect(describeThrown(new TypeError(''))).toBe('TypeError');
    expect(describeThrown('no route')).toBe('no route');
    expect(describeThrown(42)).toBe('42');
    expect(describeThrown(undefined)).toBe('undefined');
    expect(describeThrown(Symbol('odd'))).toBe('Symbol(odd)');
  });

  it('never throws, whatever was thrown', () => {
    const throwing = () => {
      throw new Error('trap');
    };
    const getterError = new Error('x');
    Object.defineProperty(getterError, 'message', { get: throwing });
    const hostile = [
      Object.create(null) as object,
      getterError,
      { toString: throwing },
      new Proxy({}, { get: throwing, has: throwing, getPrototypeOf: throwing }),
    ];

    expect(hostile.map(describeThrown)).toEqual(hostile.map(() => 'a thrown value that cannot be described'));
  });
});
