import { Script, createContext } from 'node:vm';

/** How long one match may take before it is stopped: far beyond any sane expression, short enough to wait for. */
export const regularExpressionTimeoutMs = 1000;

/** Whether a text matched, did not, or took so long that it was stopped. */
export type RegularExpressionOutcome = { type: 'matched' } | { type: 'not-matched' } | { type: 'timed-out' };

const script = new Script('pattern.test(text)');
const context = createContext({});

/**
 * Tests `text` against `pattern` (Unicode mode) within `timeoutMs`. JavaScript's regular expressions backtrack,
 * so one such as `^(a+)+$` can take years on a short text; the test runs in a `node:vm` script whose timeout
 * interrupts the engine, the technique of the `super-regex` package, so no expression can block the runner.
 */
export function testRegularExpression({
  pattern,
  text,
  timeoutMs = regularExpressionTimeoutMs,
}: {
  pattern: string;
  text: string;
  timeoutMs?: number;
}): RegularExpressionOutcome {
  context.pattern = new RegExp(pattern, 'u');
  context.text = text;
  try {
    return script.runInContext(context, { timeout: timeoutMs }) === true
      ? { type: 'matched' }
      : { type: 'not-matched' };
  } catch (error) {
    if (isTimeout(error)) return { type: 'timed-out' };
    throw error;
  } finally {
    // Keep no reference to the last text (it may be large) between matches.
    context.pattern = undefined;
    context.text = undefined;
  }
}

function isTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT'
  );
}

/** What a scenario's matches may take together: far beyond any sane set of expressions, short enough to wait for. */
export const regularExpressionBudgetMs = 1000;

/** Tests regular expressions against one time budget that all of its tests share. */
export interface RegularExpressionMatcher {
  /** `testRegularExpression` within what is left of the budget; `budget-spent` when nothing is. */
  test: (options: {
    pattern: string;
    text: string;
  }) =>
    | { type: 'matched' }
    | { type: 'not-matched' }
    | { type: 'timed-out'; afterMs: number }
    | { type: 'budget-spent' };
  /** The whole budget, in milliseconds. */
  budgetMs: number;
}

/**
 * A matcher for one scenario: every `matches` of its turns shares `budgetMs`, so that a file of many
 * pathological expressions takes at most that long, not that long for each.
 */
export function createRegularExpressionMatcher({
  budgetMs = regularExpressionBudgetMs,
}: { budgetMs?: number } = {}): RegularExpressionMatcher {
  let leftMs = budgetMs;
  return {
    budgetMs,
    test({ pattern, text }) {
      // The vm's timeout counts whole milliseconds.
      if (leftMs < 1) return { type: 'budget-spent' };
      const timeoutMs = Math.floor(leftMs);
      const startedAt = performance.now();
      const outcome = testRegularExpression({ pattern, text, timeoutMs });
      leftMs -= performance.now() - startedAt;
      if (outcome.type !== 'timed-out') return outcome;
      leftMs = 0;
      return { type: 'timed-out', afterMs: timeoutMs };
    },
  };
}
