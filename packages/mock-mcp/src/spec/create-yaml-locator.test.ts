import { isMap, LineCounter, parseDocument, type Pair } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createYamlLocator } from './create-yaml-locator.js';

function parse(text: string) {
  const lineCounter = new LineCounter();
  return { document: parseDocument(text, { lineCounter }), lineCounter };
}

describe('createYamlLocator', () => {
  it('finds a value, a key, and the deepest existing node of a missing field', () => {
    const locate = createYamlLocator(parse('tools:\n  - name: a\n    responses: []\n'));

    expect(locate({ path: ['tools', 0, 'responses'], target: 'value' })).toEqual({ line: 3, column: 16 });
    expect(locate({ path: ['tools', 0, 'responses'], target: 'key' })).toEqual({ line: 3, column: 5 });
    expect(locate({ path: ['tools', 0, 'inputSchema'], target: 'value' })).toEqual({ line: 2, column: 5 });
  });

  it('points a path through an alias at the alias', () => {
    const locate = createYamlLocator(parse('a: &a { b: 1 }\nc: *a\n'));

    expect(locate({ path: ['c', 'b'], target: 'value' })).toEqual({ line: 2, column: 4 });
  });

  it('reads the entries of a mapping once however many of its keys it looks up', () => {
    const keys = 2000;
    const parsed = parse(Array.from({ length: keys }, (_unused, index) => `k${index}: ${index}\n`).join(''));
    const root = parsed.document.contents;
    if (!isMap(root)) throw new Error('expected a mapping');
    let reads = 0;
    root.items = new Proxy(root.items, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads += 1;
        return Reflect.get(target, property, receiver) as Pair;
      },
    });
    const locate = createYamlLocator(parsed);

    for (let index = 0; index < keys; index += 1) {
      expect(locate({ path: [`k${index}`], target: 'key' })?.line).toBe(index + 1);
    }
    expect(reads).toBeLessThanOrEqual(keys);
  });
});
