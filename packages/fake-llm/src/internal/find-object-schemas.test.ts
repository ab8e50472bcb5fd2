import { describe, expect, it } from 'vitest';
import { findObjectSchemas } from './find-object-schemas.js';

describe('findObjectSchemas', () => {
  it('finds the object schemas of properties, items, branches and definitions, depth first, with their paths', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: ['object', 'null'] } } },
        list: { type: 'array', items: { type: 'object' } },
        either: { anyOf: [{ type: 'string' }, { type: 'object' }] },
      },
      $defs: { shared: { type: 'object' } },
    };
    expect(findObjectSchemas(schema).map(({ path }) => path.join('.'))).toEqual([
      '',
      'properties.a',
      'properties.a.properties.b',
      'properties.list.items',
      'properties.either.anyOf.1',
      '$defs.shared',
    ]);
  });

  it('finds every one of 200,000 object schemas beside each other (a wide schema of a request)', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 200_000 }, (_unused, index) => [`p${String(index)}`, { type: 'object' }]),
    );
    const schema = { type: 'object', properties: { wide: { type: 'object', properties } } };
    const found = findObjectSchemas(schema);
    expect(found).toHaveLength(200_002);
    expect(found.at(-1)?.path).toEqual(['properties', 'wide', 'properties', 'p199999']);
  });
});
