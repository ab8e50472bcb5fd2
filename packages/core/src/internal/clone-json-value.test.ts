import { describe, expect, it, vi } from 'vitest';
import { cloneJsonValue } from './clone-json-value.js';

describe('cloneJsonValue', () => {
  it('copies objects and arrays at every level, and keeps what is immutable', () => {
    const value = { city: 'Paris', days: [1, 2, { hours: [9, 17] }], metric: true, note: null };
    const copy = cloneJsonValue(value);

    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(copy.days).not.toBe(value.days);
    expect(copy.days[2]).not.toBe(value.days[2]);
    expect(cloneJsonValue('text')).toBe('text');
    expect(cloneJsonValue(null)).toBe(null);
  });

  it('keeps a field named __proto__ a field, as JSON.parse made it, without touching the prototype', () => {
    const value = JSON.parse('{"__proto__": {"admin": true}, "name": "x"}') as Record<string, unknown>;
    const copy = cloneJsonValue(value);

    expect(Object.keys(copy)).toEqual(['__proto__', 'name']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ admin: true });
  });

  it('copies what is not plain JSON as structuredClone does: a Date, a cycle, nesting past 256 levels', () => {
    const date = { when: new Date(0) };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    let deep: unknown = 'bottom';
    for (let level = 0; level < 300; level += 1) deep = [deep];

    expect(cloneJsonValue(date).when).toEqual(new Date(0));
    expect(cloneJsonValue(date).when).not.toBe(date.when);
    const copied = cloneJsonValue(cyclic);
    expect(copied.self).toBe(copied);
    expect(copied).not.toBe(cyclic);
    expect(cloneJsonValue(deep)).toEqual(deep);
  });

  it('keeps what structuredClone keeps that JSON has not: an object shared by two fields, a hole in a list', () => {
    const shared = { city: 'Paris' };
    const copied = cloneJsonValue({ from: shared, to: shared });
    // eslint-disable-next-line no-sparse-arrays
    const holed = cloneJsonValue([1, , 3]);

    expect(copied.from).toBe(copied.to);
    expect(copied.from).not.toBe(shared);
    expect(1 in holed).toBe(false);
    expect(holed).toHaveLength(3);
  });

  it('copies an object shared at every level without walking every path to it', () => {
    // 40 levels of two fields naming the same object: 2^40 paths, one object per level.
    let value: unknown = 'bottom';
    for (let level = 0; level < 40; level += 1) value = { left: value, right: value };
    const copy = cloneJsonValue(value) as { left: unknown; right: unknown };

    expect(copy.left).toBe(copy.right);
  });

  describe('past 10,000 objects, lists and list items', () => {
    const listsOf500 = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_unused, index) => [`list${index}`, Array<number>(500).fill(index)]),
      );

    it('copies in JavaScript up to the limit, and leaves a larger value to structuredClone', () => {
      const structuredCloneCalls = vi.spyOn(globalThis, 'structuredClone');
      // 19 lists of 500: 9,500 items, 19 lists and the object.
      const under = listsOf500(19);
      // 20 lists of 500: 10,000 items, 20 lists and the object.
      const over = listsOf500(20);

      expect(cloneJsonValue(under)).toEqual(under);
      expect(structuredCloneCalls).not.toHaveBeenCalled();
      expect(cloneJsonValue(over)).toEqual(over);
      expect(structuredCloneCalls).toHaveBeenCalledTimes(1);
    });

    it('counts objects reached through fields as well', () => {
      const structuredCloneCalls = vi.spyOn(globalThis, 'structuredClone');
      const fields = Object.fromEntries(
        Array.from({ length: 10_001 }, (_unused, index) => [`field${index}`, {}]),
      );

      expect(cloneJsonValue(fields)).toEqual(fields);
      expect(structuredCloneCalls).toHaveBeenCalledTimes(1);
    });

    it('leaves one long list to structuredClone without allocating its copy first', () => {
      const structuredCloneCalls = vi.spyOn(globalThis, 'structuredClone');
      const long = Array<number>(10_001).fill(1);

      expect(cloneJsonValue(long)).toEqual(long);
      expect(structuredCloneCalls).toHaveBeenCalledTimes(1);
    });
  });

  it('refuses a function inside as structuredClone does', () => {
    expect(() => cloneJsonValue({ run: () => undefined })).toThrow(/could not be cloned/);
  });
});
