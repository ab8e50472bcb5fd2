import { describe, expect, it } from 'vitest';
import { formatFieldPath } from './format-field-path.js';

describe('formatFieldPath', () => {
  it('writes names with dots and indexes in brackets', () => {
    expect(formatFieldPath(['tools', 0, 'responses', 1, 'times'])).toBe('tools[0].responses[1].times');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatFieldPath(['toolResults', 'get-outline', 0])).toBe('toolResults["get-outline"][0]');
  });

  it('names the root', () => {
    expect(formatFieldPath([])).toBe('(root)');
  });
});
