import { describe, expect, it } from 'vitest';
import { copyFrozen } from './copy-frozen.js';
import { createCopyMemo } from './create-copy-memo.js';

describe('createCopyMemo', () => {
  it('keeps what was worked out for a copy, and works it out again for any other value', () => {
    const memo = createCopyMemo<number>();
    let work = 0;
    const count = (value: unknown) =>
      memo(value, () => {
        work += 1;
        return work;
      });
    const copy = copyFrozen({ type: 'text' });
    expect([count(copy), count(copy)]).toEqual([1, 1]);
    const open = Object.freeze({ type: 'text' });
    expect([count(open), count(open)]).toEqual([2, 3]);
  });
});
