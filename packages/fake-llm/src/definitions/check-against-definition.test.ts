import { describe, expect, it } from 'vitest';
import { checkAgainstDefinition } from './check-against-definition.js';
import type { RequestDefinition } from './request-definition.js';

const definition: RequestDefinition = {
  source: { origin: 'a test', version: '1.0.0', url: 'https://example.test/definition', entry: 'Body' },
  root: {
    type: 'object',
    properties: { items: { type: 'array', items: { $ref: '#/definitions/Item' } } },
    additionalProperties: false,
  },
  definitions: {
    Item: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false },
  },
  modelIds: [],
};

const check = (json: string) => checkAgainstDefinition({ definition, value: JSON.parse(json) as unknown });

describe('checkAgainstDefinition', () => {
  it('refuses a field named __proto__, constructor or toString as an unknown field (not a name of the prototype)', () => {
    expect(check('{"__proto__":{"name":"x"}}')).toEqual({ kind: 'unknown-field', path: ['__proto__'] });
    expect(check('{"items":[{"__proto__":1}]}')).toEqual({
      kind: 'unknown-field',
      path: ['items', 0, '__proto__'],
    });
    // The other names an object's prototype has were read as schemas the same way.
    for (const name of ['constructor', 'toString', 'hasOwnProperty'])
      expect(check(`{"${name}":1}`)).toEqual({ kind: 'unknown-field', path: [name] });
  });

  it('does not check again the remembered items found to fit, and checks every other item', () => {
    let reads = 0;
    const counted = Object.freeze({
      get name() {
        reads += 1;
        return 'a';
      },
    });
    const first = [counted];
    expect(
      checkAgainstDefinition({ definition, value: { items: first }, remembered: first }),
    ).toBeUndefined();
    expect(reads).toBe(1);
    const later = [counted, { name: 3 }];
    expect(checkAgainstDefinition({ definition, value: { items: later }, remembered: later })).toEqual({
      kind: 'type',
      path: ['items', 1, 'name'],
      expected: ['string'],
      actual: 'number',
    });
    expect(reads).toBe(1);
    // Without `remembered`, every item is checked.
    expect(checkAgainstDefinition({ definition, value: { items: later } })).toMatchObject({ kind: 'type' });
    expect(reads).toBe(2);
  });

  it('remembers no item that did not fit: it is refused each time', () => {
    const wrong = [Object.freeze({ name: 1 })];
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect(
        checkAgainstDefinition({ definition, value: { items: wrong }, remembered: wrong }),
      ).toMatchObject({
        kind: 'type',
        path: ['items', 0, 'name'],
      });
  });
});
