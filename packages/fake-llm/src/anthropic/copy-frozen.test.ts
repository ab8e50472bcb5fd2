import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyFrozen, isKeptCopy } from './copy-frozen.js';
import { isSameJson } from './is-same-json.js';

// JSON values as a request body has them: written as text and read back.
const jsonValue = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

describe('copyFrozen', () => {
  it('copies a JSON value whole, fields in their order, every object and list in it a copy', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const copy = copyFrozen(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
        expect(isSameJson(copy, value)).toBe(true);
        if (typeof copy === 'object' && copy !== null) expect(isKeptCopy(copy)).toBe(true);
      }),
    );
  });
});
