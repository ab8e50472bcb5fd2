import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSameJson } from './is-same-json.js';

// JSON values as a request body has them: written as text and read back.
const jsonValue = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

describe('isSameJson', () => {
  it('tells two JSON values apart exactly when their JSON texts differ', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, (left, right) => {
        expect(isSameJson(left, right)).toBe(JSON.stringify(left) === JSON.stringify(right));
      }),
    );
  });
});
