import { describe, expect, it } from 'vitest';
import { collapseUnchanged } from './collapse-unchanged.js';
import type { DiffLine } from './diff-lines.js';

const equal = (text: string): DiffLine => ({ type: 'equal', text });

describe('collapseUnchanged', () => {
  it('replaces unchanged runs away from changes with a count', () => {
    const lines = [...['1', '2', '3', '4'].map(equal), { type: 'added' as const, text: 'x' }, equal('5')];
    expect(collapseUnchanged({ lines, context: 1 })).toEqual([
      { type: 'skipped', count: 3 },
      equal('4'),
      { type: 'added', text: 'x' },
      equal('5'),
    ]);
  });

  it('keeps a single unchanged line rather than a marker for it', () => {
    const lines = [equal('1'), equal('2'), { type: 'removed' as const, text: 'x' }];
    expect(collapseUnchanged({ lines, context: 1 })).toEqual(lines);
  });
});
