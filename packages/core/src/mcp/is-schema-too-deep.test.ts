import { describe, expect, it } from 'vitest';
import { isSchemaTooDeep } from './is-schema-too-deep.js';

/** Objects and lists alternating, `depth` levels in all. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { value };
  return value;
}

describe('isSchemaTooDeep', () => {
  it('counts objects and lists alike, the schema itself as level 1', () => {
    expect(isSchemaTooDeep(nested(256))).toBe(false);
    expect(isSchemaTooDeep(nested(257))).toBe(true);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(isSchemaTooDeep(nested(100_000))).toBe(true);
  });
});
