import { describe, expect, it } from 'vitest';
import { diffValues } from './diff-values.js';

describe('diffValues', () => {
  it('shows short values side by side, strings quoted', () => {
    expect(diffValues({ expected: 2, actual: 3 })).toEqual({ type: 'values', expected: '2', actual: '3' });
    expect(diffValues({ expected: 'a', actual: null })).toEqual({
      type: 'values',
      expected: '"a"',
      actual: 'null',
    });
  });

  it('diffs multi-line strings by line', () => {
    expect(diffValues({ expected: 'one\ntwo', actual: 'one\nthree' })).toEqual({
      type: 'lines',
      lines: [
        { type: 'equal', text: 'one' },
        { type: 'removed', text: 'two' },
        { type: 'added', text: 'three' },
      ],
    });
  });

  it('diffs JSON values pretty-printed with sorted keys', () => {
    expect(diffValues({ expected: { b: 1, a: [1] }, actual: { a: [1], b: 2 } })).toEqual({
      type: 'lines',
      lines: [
        { type: 'equal', text: '{' },
        { type: 'equal', text: '  "a": [' },
        { type: 'equal', text: '    1' },
        { type: 'equal', text: '  ],' },
        { type: 'removed', text: '  "b": 1' },
        { type: 'added', text: '  "b": 2' },
        { type: 'equal', text: '}' },
      ],
    });
  });

  it('shows values of different kinds side by side, compact', () => {
    expect(diffValues({ expected: { max: 100 }, actual: 120 })).toEqual({
      type: 'values',
      expected: '{"max":100}',
      actual: '120',
    });
  });

  it('diffs values of different kinds by line when they are too long to sit side by side', () => {
    const expected = { text: 'x'.repeat(100) };
    expect(diffValues({ expected, actual: null })).toEqual({
      type: 'lines',
      lines: [
        { type: 'removed', text: '{' },
        { type: 'removed', text: `  "text": "${'x'.repeat(100)}"` },
        { type: 'removed', text: '}' },
        { type: 'added', text: 'null' },
      ],
    });
  });

  it('shows nothing when neither side has a value', () => {
    expect(diffValues({ expected: null, actual: null })).toEqual({ type: 'none' });
  });
});
