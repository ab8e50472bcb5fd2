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
    expect(isSameCanonicalJson([undefined], [null])).toBe(toCanonicalJson([undefined]) === '[null]');
    expect(isSameCanonicalJson({ a: undefined }, {})).toBe(true);
    expect(isSameCanonicalJson({ a: 1 }, { b: 1 })).toBe(false);
    expect(isSameCanonicalJson([], {})).toBe(false);
    // A value and its reordered, re-marked or otherwise changed counterparts, and pairs of unrelated values.
    const counterpart = (value: unknown) =>
      fc.oneof(
        fc.constant(reversed(value)),
        fc.constant(JSON.parse(JSON.stringify(value)) as unknown),
        bodyValue,
        fc.constant(withCacheControlMoved(value)),
      );
    fc.assert(
      fc.property(
        bodyValue.chain((value) => fc.tuple(fc.constant(value), counterpart(value))),
        ([left, right]) => {
          const same = toCanonicalJson(left) === toCanonicalJson(right);
          expect(isSameCanonicalJson(left, right)).toBe(same);
          expect(isSameCanonicalJson(right, left)).toBe(same);
        },
      ),
      { numRuns: 500 },
    );
  });
});

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
