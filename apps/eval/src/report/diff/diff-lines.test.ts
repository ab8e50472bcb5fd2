import { describe, expect, it } from 'vitest';
import { diffLines } from './diff-lines.js';

describe('diffLines', () => {
  it('marks lines only in expected as removed and lines only in actual as added', () => {
    expect(diffLines({ expected: ['a', 'b', 'c'], actual: ['a', 'x', 'c'] })).toEqual([
      { type: 'equal', text: 'a' },
      { type: 'removed', text: 'b' },
      { type: 'added', text: 'x' },
      { type: 'equal', text: 'c' },
    ]);
  });

  it('keeps the longest common subsequence in the middle', () => {
    expect(diffLines({ expected: ['1', 'a', 'b', 'c', '2'], actual: ['3', 'a', 'c', 'd', '4'] })).toEqual([
      { type: 'removed', text: '1' },
      { type: 'added', text: '3' },
      { type: 'equal', text: 'a' },
      { type: 'removed', text: 'b' },
      { type: 'equal', text: 'c' },
      { type: 'removed', text: '2' },
      { type: 'added', text: 'd' },
      { type: 'added', text: '4' },
    ]);
  });

  it('handles an empty side', () => {
    expect(diffLines({ expected: [], actual: ['a'] })).toEqual([{ type: 'added', text: 'a' }]);
    expect(diffLines({ expected: ['a'], actual: [] })).toEqual([{ type: 'removed', text: 'a' }]);
  });
});
