import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJsonLength,
  isSameCanonicalJson,
  toCanonicalJson,
  writeCanonicalJson,
} from './canonical-json.js';
import { referenceCanonicalJson } from '../../test/reference-canonical-json.js';

/** JSON values as a request body parses into, with `cache_control` fields here and there, and a `__proto__` key. */
const bodyValue = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 1 }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(
        fc.oneof(fc.constantFrom('cache_control', 'type', 'text', '__proto__', 'b', 'a'), fc.string()),
        tie('value'),
        { maxKeys: 5 },
      ),
    ),
  }))
  .value.map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** The value with every object's fields in the reverse order, as JSON.parse would make it from such text. */
function reversed(value: unknown): unknown {
  const text = JSON.stringify(value, (_key, nested: unknown) => {
    if (typeof nested !== 'object' || nested === null || Array.isArray(nested)) return nested;
    const turned: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(nested).reverse())
      Object.defineProperty(turned, name, { value: field, enumerable: true });
    return turned;
  });
  return JSON.parse(text) as unknown;
}

describe('canonical JSON', () => {
  it('sorts keys and leaves out cache_control at any depth, the same text whatever order fields came in', () => {
    expect(
      toCanonicalJson({
        type: 'text',
        cache_control: { type: 'ephemeral' },
        content: [{ b: 1, a: 2, 10: 0 }],
      }),
    ).toBe('{"content":[{"10":0,"a":2,"b":1}],"type":"text"}');
    fc.assert(
      fc.property(bodyValue, (value) => {
        const canonical = toCanonicalJson(value);
        expect(JSON.parse(canonical)).toEqual(JSON.parse(referenceCanonicalJson(value)));
        expect(toCanonicalJson(reversed(value))).toBe(canonical);
      }),
    );
  });

  it('is written in pieces that make the whole, a long string one piece of its own', () => {
    const text = 'x'.repeat(100_000);
    const pieces: string[] = [];
    writeCanonicalJson({ type: 'tool_result', content: [{ type: 'text', text }] }, (piece) =>
      pieces.push(piece),
    );
    expect(pieces).toContain(JSON.stringify(text));
    expect(pieces.join('')).toBe(
      `{"content":[{"text":${JSON.stringify(text)},"type":"text"}],"type":"tool_result"}`,
    );
  });

  it("gives its length from the value's plain JSON, cache_control fields taken out with their commas", () => {
    expect(canonicalJsonLength('{"a":1}', { a: 1 })).toBe(7);
    const marked = { cache_control: { type: 'ephemeral' } };
    expect(canonicalJsonLength(JSON.stringify(marked), marked)).toBe(2);
    fc.assert(
      fc.property(bodyValue, (value) => {
        expect(canonicalJsonLength(JSON.stringify(value), value)).toBe(referenceCanonicalJson(value).length);
      }),
    );
  });

  it('tells two values the same exactly when their canonical JSON is the same text', () => {
    const block = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'x'.repeat(1000) };
    const marked = { ...block, cache_control: { type: 'ephemeral' } };
    expect(isSameCanonicalJson(marked, { ...block })).toBe(true);
    expect(isSameCanonicalJson(marked, { ...block, content: 'y'.repeat(1000) })).toBe(false);
    const hidden = Object.defineProperty({ b: 1 }, 'a', { value: 1, enumerable: false });
    // Pairs whose canonical JSON a field left unwritten (undefined, a function, one not enumerable) decides.
    const pairs: Array<[unknown, unknown]> = [
      [[undefined], [null]],
      [{ a: undefined }, {}],
      [{ a: null }, { a: undefined, b: 1 }],
      [
        { a: null, b: undefined },
        { a: undefined, b: null },
      ],
      [{ a: null }, { a: () => 0, b: 'x' }],
      [{ a: 1 }, hidden],
      [{ a: 1 }, { b: 1 }],
      [[], {}],
    ];
    for (const [left, right] of pairs) {
      const same = toCanonicalJson(left) === toCanonicalJson(right);
      expect([left, right, isSameCanonicalJson(left, right)]).toEqual([left, right, same]);
      expect([right, left, isSameCanonicalJson(right, left)]).toEqual([right, left, same]);
    }
    // A value against itself reordered, re-marked, parsed again, edited in one place, or an unrelated value.
    const counterpart = (value: unknown) =>
      fc.oneof(
        fc.constant(reversed(value)),
        fc.constant(JSON.parse(JSON.stringify(value)) as unknown),
        fc.constant(withCacheControlMoved(value)),
        fc.nat().map((seed) => withOneEdit(value, seed)),
        fc.nat().map((seed) => withOneEdit(reversed(value), seed)),
        bodyValue,
      );
    let differ = 0;
    fc.assert(
      fc.property(
        bodyValue.chain((value) => fc.tuple(fc.constant(value), counterpart(value))),
        ([left, right]) => {
          const same = toCanonicalJson(left) === toCanonicalJson(right);
          if (!same) differ += 1;
          expect(isSameCanonicalJson(left, right)).toBe(same);
          expect(isSameCanonicalJson(right, left)).toBe(same);
        },
      ),
      { numRuns: 2000 },
    );
    // Both answers were asked for many times over.
    expect(differ).toBeGreaterThan(400);
    expect(differ).toBeLessThan(1600);
  });
});

/**
 * A copy of `value` with one edit at the node `seed` picks (depth first): a leaf changed (a string longer, a
 * number one more, a boolean turned, null made 0, or made undefined or a function, which JSON does not write);
 * an object given a field, a field left out, renamed, or made undefined; a list given an item, its last left out,
 * or one made undefined.
 */
function withOneEdit(value: unknown, seed: number): unknown {
  let nodes = 0;
  const count = (node: unknown): void => {
    nodes += 1;
    if (typeof node === 'object' && node !== null) for (const inner of Object.values(node)) count(inner);
  };
  count(value);
  let target = seed % nodes;
  const kind = Math.floor(seed / nodes);
  const edit = (node: unknown): unknown => {
    const here = target === 0;
    target -= 1;
    if (typeof node !== 'object' || node === null) {
      if (!here) return node;
      if (kind % 4 === 1) return undefined;
      if (kind % 4 === 2) return () => node;
      if (typeof node === 'string') return `${node}x`;
      if (typeof node === 'number') return node + 1;
      if (typeof node === 'boolean') return !node;
      return 0;
    }
    if (Array.isArray(node)) {
      const items = node.map(edit);
      if (!here) return items;
      if (kind % 3 === 0) return [...items, null];
      if (kind % 3 === 1) return items.slice(0, -1);
      return items.map((item, index) => (index === 0 ? undefined : item));
    }
    const fields = Object.entries(node).map(([name, field]) => [name, edit(field)] as const);
    const edited: Record<string, unknown> = {};
    const put = (name: string, field: unknown) =>
      Object.defineProperty(edited, name, { value: field, enumerable: true, configurable: true });
    for (const [index, [name, field]] of fields.entries()) {
      if (!here || index > 0) put(name, field);
      else if (kind % 4 === 0) put(`${name}_`, field);
      else if (kind % 4 === 1) put(name, undefined);
      else if (kind % 4 === 2) continue;
      else put(name, field);
    }
    if (here && (kind % 4 === 3 || fields.length === 0)) put('added', null);
    return edited;
  };
  return edit(value);
}

/** The value with `cache_control` taken off every object that has one and put on every object that has none. */
function withCacheControlMoved(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(withCacheControlMoved);
  const moved: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (name !== 'cache_control')
      Object.defineProperty(moved, name, { value: withCacheControlMoved(field), enumerable: true });
  }
  if (!Object.hasOwn(value, 'cache_control')) moved['cache_control'] = { type: 'ephemeral' };
  return moved;
}
