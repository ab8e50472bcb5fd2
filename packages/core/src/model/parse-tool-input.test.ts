import { describe, expect, it } from 'vitest';
import { parseToolInput } from './parse-tool-input.js';

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
});
