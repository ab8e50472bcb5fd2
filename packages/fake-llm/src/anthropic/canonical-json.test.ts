import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJsonLength, toCanonicalJson, writeCanonicalJson } from './canonical-json.js';
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
});
