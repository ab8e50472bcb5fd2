import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from './escape-control-characters.js';

describe('escapeControlCharacters', () => {
  it('writes control characters as visible escapes and keeps tabs and newlines', () => {
    expect(escapeControlCharacters('a\u0000b\u001b[31mc\rd\te\nf\u007f\u0085')).toBe(
      'a\\u0000b\\u001b[31mc\\u000dd\te\nf\\u007f\\u0085',
    );
  });

  it('escapes lone surrogates and keeps pairs', () => {
    expect(escapeControlCharacters('😀 \ud83d x \ude00')).toBe('😀 \\ud83d x \\ude00');
  });

  it('leaves ordinary text alone', () => {
    expect(escapeControlCharacters('Ünïcode – “quotes” <&>')).toBe('Ünïcode – “quotes” <&>');
  });
});
