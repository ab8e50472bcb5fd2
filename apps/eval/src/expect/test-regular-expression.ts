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
