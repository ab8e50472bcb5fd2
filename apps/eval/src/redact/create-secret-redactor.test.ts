import { describe, expect, it } from 'vitest';
import { createSecretRedactor } from './create-secret-redactor.js';
import { mapStrings } from './map-strings.js';

describe('createSecretRedactor', () => {
  it('redacts a known URL whole, even where a scan of running text would cut it short', () => {
    const redact = createSecretRedactor({ urls: ['http://h/mcp?token=two words'] });

    expect(redact('cannot reach http://h/mcp?token=two words: refused')).toBe(
      'cannot reach http://h/mcp?token=[redacted]: refused',
    );
  });

  it('redacts any other URL of the text as well', () => {
    expect(createSecretRedactor()('at https://u:p@h/')).toBe('at https://[redacted]@h/');
  });
});

describe('mapStrings', () => {
  it('maps every string of plain data, keys and other values kept', () => {
    expect(mapStrings({ a: ['x', 1, { b: 'y', c: null }], d: true }, (text) => text.toUpperCase())).toEqual({
      a: ['X', 1, { b: 'Y', c: null }],
      d: true,
    });
  });
});
