import { describe, expect, it } from 'vitest';
import { toJsonObject, toJsonValue } from './to-json-value.js';

describe('toJsonValue', () => {
  it('keeps JSON as it is', () => {
    const value = { a: [1, 'two', true, null, { b: {} }], c: -0.5 };

    expect(toJsonValue(value)).toEqual(value);
  });

  it('gives what JSON.stringify writes of a value that is not all JSON', () => {
    const value = {
      kept: 1,
      missing: undefined,
      run: () => 1,
      list: [undefined, () => 1, Symbol('s'), Number.NaN, Infinity, 2],
    };

    expect(toJsonValue(value)).toEqual(JSON.parse(JSON.stringify(value)));
    expect(toJsonValue(value)).toEqual({ kept: 1, list: [null, null, null, null, null, 2] });
  });
});

describe('toJsonObject', () => {
  it('is {} for anything but an object', () => {
    expect([undefined, null, 'text', [1]].map((value) => toJsonObject(value))).toEqual([{}, {}, {}, {}]);
  });
});
