import { describe, expect, it } from 'vitest';
import { createRegularExpressionMatcher, testRegularExpression } from './test-regular-expression.js';

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

describe('createRegularExpressionMatcher', () => {
  it('gives every match one budget: a match that uses it up leaves none for the next, which is not tried', () => {
    const matcher = createRegularExpressionMatcher({ budgetMs: 50 });

    expect(matcher.test({ pattern: 'b$', text: 'ab' })).toEqual({ type: 'matched' });
    expect(matcher.test({ pattern: '^(a+)+$', text: `${'a'.repeat(40)}b` })).toEqual({
      type: 'timed-out',
      afterMs: expect.any(Number) as number,
    });
    expect(matcher.test({ pattern: 'b$', text: 'ab' })).toEqual({ type: 'budget-spent' });
  });

  it('gives a match only what the matches before it left', () => {
    const matcher = createRegularExpressionMatcher({ budgetMs: 50 });
    matcher.test({ pattern: 'b$', text: 'ab' });

    const outcome = matcher.test({ pattern: '^(a+)+$', text: `${'a'.repeat(40)}b` });

    expect(outcome.type === 'timed-out' && outcome.afterMs <= 50).toBe(true);
  });
});
