import { isBuiltinStopReason, stopReasons, type StopReason } from '@toolloop/core';

/** The form of a stop reason a stopWhen condition names. */
const customStopReasonPattern = /^[a-z][a-z0-9_]*$/;
import type { MatcherState, MatcherResult } from 'vitest';
import { readStopReason } from './read-loop-result.js';

/** `expect(result).toStopWith('max_rounds')`: the turn ended for this reason; the failure adds the turn's error. */
export function toStopWith(this: MatcherState, received: unknown, stopReason: StopReason): MatcherResult {
  // A built-in reason, or one a stopWhen condition names (snake_case, and not one letter or two off a built-in
  // one, which is a typo far more often than a name of its own).
  if (
    !isBuiltinStopReason(stopReason) &&
    (!customStopReasonPattern.test(stopReason) || stopReasons.some((builtin) => isNear(builtin, stopReason)))
  ) {
    throw new TypeError(
      `toStopWith got the unknown stop reason '${stopReason}'. Stop reasons: ${stopReasons.join(', ')}, or the snake_case name a stopWhen condition gives.`,
    );
  }
  const actual = readStopReason(received, 'toStopWith');
  const pass = actual === stopReason;
  if (pass) return { pass, message: () => `expected the loop not to stop with '${stopReason}', it did` };
  const error = (received as { error?: unknown }).error;
  const cause = error instanceof Error ? ` (${error.name}: ${error.message})` : '';
  return {
    pass,
    message: () => `expected the loop to stop with '${stopReason}', it stopped with '${actual}'${cause}`,
    expected: stopReason,
    actual,
  };
}

/** Whether two names are at most two edits apart (insertions, deletions, substitutions). */
function isNear(left: string, right: string): boolean {
  if (Math.abs(left.length - right.length) > 2) return false;
  let previous = Array.from({ length: right.length + 1 }, (_unused, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return (previous[right.length] ?? 0) <= 2;
}
