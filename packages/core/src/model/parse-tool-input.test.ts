import { describe, expect, it } from 'vitest';
import { parseToolInput } from './parse-tool-input.js';

function nestArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function nestObjects(depth: number): string {
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

describe('parseToolInput', () => {
  it('reads JSON arguments', () => {
    expect(parseToolInput('{"city": "Paris"}')).toEqual({ input: { city: 'Paris' } });
  });

  it('takes empty text as no arguments', () => {
    expect(parseToolInput('')).toEqual({ input: {} });
    expect(parseToolInput('  ')).toEqual({ input: {} });
  });

  it('keeps text that is not JSON, with the reason', () => {
    const parsed = parseToolInput('{"city": "Par');
    expect(parsed).toMatchObject({ input: {}, rawInput: '{"city": "Par' });
    expect('inputError' in parsed && parsed.inputError).toMatch(/^the arguments are not valid JSON \(/);
  });

  it.each([
    ['arrays', nestArrays(5000)],
    ['objects', nestObjects(5000)],
  ])('refuses %s nested 5,000 deep, which could not be sent back to the model', (_kind, text) => {
    expect(parseToolInput(text)).toEqual({
      input: {},
      rawInput: text,
      inputError: 'the arguments are nested deeper than 128 levels',
    });
  });

  it('refuses the first level past the limit and reads the limit itself', () => {
    expect(parseToolInput(nestObjects(129))).toMatchObject({
      inputError: 'the arguments are nested deeper than 128 levels',
    });
    expect(parseToolInput(nestObjects(128))).not.toHaveProperty('inputError');
    expect(parseToolInput(`{"list":${nestArrays(127)}}`)).not.toHaveProperty('inputError');
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ pattern: `\\"${'[{'.repeat(500)}` });
    expect(parseToolInput(text)).toEqual({ input: JSON.parse(text) as unknown });
  });

  it('keeps arguments nested 5,000 deep serializable as they come back', () => {
    const parsed = parseToolInput(nestArrays(5000));
    expect(() => JSON.stringify(parsed.input)).not.toThrow();
  });
});
