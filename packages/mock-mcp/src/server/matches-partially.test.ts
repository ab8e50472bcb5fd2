import { describe, expect, it } from 'vitest';
import { matchesPartially } from './matches-partially.js';

describe('matchesPartially', () => {
  it('ignores members the pattern does not name', () => {
    expect(matchesPartially({ pattern: { a: 1 }, actual: { a: 1, b: 2 } })).toBe(true);
  });

  it('matches nested objects partially', () => {
    expect(matchesPartially({ pattern: { f: { x: 'y' } }, actual: { f: { x: 'y', z: 1 } } })).toBe(true);
  });

  it('fails on a missing or different member', () => {
    expect(matchesPartially({ pattern: { a: 1 }, actual: { b: 1 } })).toBe(false);
    expect(matchesPartially({ pattern: { a: 1 }, actual: { a: '1' } })).toBe(false);
  });

  it('matches arrays item by item and by length', () => {
    expect(matchesPartially({ pattern: [{ a: 1 }], actual: [{ a: 1, b: 2 }] })).toBe(true);
    expect(matchesPartially({ pattern: [1], actual: [1, 2] })).toBe(false);
  });

  it('tells null, missing and objects apart', () => {
    expect(matchesPartially({ pattern: { a: null }, actual: { a: null } })).toBe(true);
    expect(matchesPartially({ pattern: { a: null }, actual: {} })).toBe(false);
    expect(matchesPartially({ pattern: { a: {} }, actual: { a: null } })).toBe(false);
  });
});
