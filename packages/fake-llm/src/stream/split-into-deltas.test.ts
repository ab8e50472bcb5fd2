import { describe, expect, it } from 'vitest';
import { splitJsonIntoFragments, splitTextIntoDeltas } from './split-into-deltas.js';

describe('splitTextIntoDeltas', () => {
  it('sends a few words per delta, whitespace with the word after it', () => {
    expect(splitTextIntoDeltas('Course Y covers the same topic in lesson 2.')).toEqual([
      'Course Y covers',
      ' the same topic',
      ' in lesson 2.',
    ]);
  });

  it.each(['', ' ', 'one', '  leading and trailing  ', 'line\n\nbreaks ÷ unicode 🙂 here\n'])(
    'joins back to the exact text %j',
    (text) => {
      expect(splitTextIntoDeltas(text).join('')).toBe(text);
    },
  );

  it('sends no delta for empty text', () => {
    expect(splitTextIntoDeltas('')).toEqual([]);
  });
});

describe('splitJsonIntoFragments', () => {
  it('starts with an empty fragment and cuts mid-token, like the real API', () => {
    expect(splitJsonIntoFragments('{"location":"Paris, France"}')).toEqual([
      '',
      '{"location":',
      '"Paris, Fran',
      'ce"}',
    ]);
  });

  it('sends a tool without arguments as the empty fragment alone', () => {
    expect(splitJsonIntoFragments('{}')).toEqual(['']);
  });

  it('never splits a character in two', () => {
    const json = JSON.stringify({ emoji: '🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂' });
    const fragments = splitJsonIntoFragments(json);
    expect(fragments.join('')).toBe(json);
    for (const fragment of fragments) expect(fragment).not.toMatch(/[\uD800-\uDBFF]$/u);
  });
});
