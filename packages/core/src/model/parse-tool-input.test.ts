import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../json-value.js';
import { parseToolInput, readToolInputValue } from './parse-tool-input.js';

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

describe('readToolInputValue', () => {
  const refused = { input: {}, inputError: 'the arguments are nested deeper than 128 levels' };

  it('keeps arguments within the limit as they are, the very value', () => {
    const input = { city: 'Paris', days: [1, 2, { hourly: true }], note: null };
    const read = readToolInputValue(input);
    expect(read).toEqual({ input });
    expect(read.input).toBe(input);
  });

  it.each([
    ['objects', nestObjects],
    ['arrays', nestArrays],
  ])('draws the line where parseToolInput does, for %s', (_kind, nest) => {
    for (const depth of [127, 128, 129, 130]) {
      const value = JSON.parse(nest(depth)) as JsonValue;
      const expected = parseToolInput(nest(depth));
      expect(readToolInputValue(value)).toEqual(
        'inputError' in expected ? { input: {}, inputError: expected.inputError } : { input: value },
      );
    }
  });

  it('finds the one deep branch among wide, shallow ones', () => {
    const wide = Array.from({ length: 10_000 }, (_unused, index) => ({ index }));
    const deep = JSON.parse(nestObjects(128)) as JsonValue;
    expect(readToolInputValue({ wide, deep })).toEqual(refused);
    expect(readToolInputValue({ wide, deep: JSON.parse(nestObjects(127)) as JsonValue })).not.toHaveProperty(
      'inputError',
    );
  });

  it('refuses arguments nested 1,000,000 deep without overflowing the stack', () => {
    let value: JsonValue = {};
    for (let level = 1; level < 1_000_000; level++) value = { a: value };
    expect(readToolInputValue(value)).toEqual(refused);
  });

  it('walks a value that shares its objects once per object, not once per path (2^64 paths here)', () => {
    const share = (levels: number): JsonValue => {
      let value: JsonValue = {};
      for (let level = 1; level < levels; level++) value = { left: value, right: [value] };
      return value;
    };
    // Each step down is an object and a list: 2 levels, so `{ within: share(64) }` reaches 128 levels.
    const within = share(64);
    expect(readToolInputValue({ within })).toEqual({ input: { within } });
    expect(readToolInputValue({ within: share(65) })).toEqual(refused);
    expect(readToolInputValue(share(65))).toEqual(refused);
  });

  it('refuses a value that reaches itself, which no JSON text makes', () => {
    const looped: Record<string, JsonValue> = {};
    looped.self = looped;
    expect(readToolInputValue(looped)).toEqual(refused);
  });
});
