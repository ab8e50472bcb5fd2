import { describe, expect, it } from 'vitest';
import { testRegularExpression } from './test-regular-expression.js';

describe('testRegularExpression', () => {
  it('says whether a text matches, in Unicode mode', () => {
    expect(testRegularExpression({ pattern: '^\\p{Lu}\\w+$', text: 'Hello' })).toEqual({ type: 'matched' });
    expect(testRegularExpression({ pattern: '^\\p{Lu}\\w+$', text: 'hello' })).toEqual({
      type: 'not-matched',
    });
  });

  it('stops a match that backtracks past its time budget, within a bound of it', () => {
    const startedAt = performance.now();
    const outcome = testRegularExpression({
      pattern: '^(a+)+$',
      text: `${'a'.repeat(40)}b`,
      timeoutMs: 50,
    });

    expect(outcome).toEqual({ type: 'timed-out' });
    expect(performance.now() - startedAt).toBeLessThan(2000);
  });

  it('matches again normally after a match was stopped', () => {
    testRegularExpression({ pattern: '^(a+)+$', text: `${'a'.repeat(40)}b`, timeoutMs: 20 });

    expect(testRegularExpression({ pattern: 'b$', text: 'ab' })).toEqual({ type: 'matched' });
  });
});
