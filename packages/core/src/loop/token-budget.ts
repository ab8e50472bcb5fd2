import { countNoun } from '../internal/count-noun.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { TurnState } from './turn-state.js';

/** Whether the next request fits the token budget: go on, make it the last answer, or stop before it. */
export type BudgetCheck = { action: 'go' } | { action: 'answer' | 'stop'; detail: string };

/**
 * Checks the per-turn and per-session token budgets before a request. The next request's size is estimated
 * from the last one (its input and output, which the next request's input at least holds): when even that
 * does not fit, the turn stops; when a round and an answer would not both fit, this request is the last answer.
 * Before the first request nothing is known of its size, so only a spent budget stops it.
 */
export function checkTokenBudget({
  state,
  options,
}: {
  state: TurnState;
  options: ResolvedLoopOptions;
}): BudgetCheck {
  const { turnLeft, sessionLeft } = budgetsLeft({ state, options });
  const left = Math.min(turnLeft, sessionLeft);
  if (!Number.isFinite(left)) return { action: 'go' };
  const budget =
    turnLeft <= sessionLeft
      ? `${countNoun(options.tokenBudgetPerTurn, 'token')} per turn`
      : `${countNoun(options.tokenBudgetPerSession, 'token')} per session`;
  if (state.iterations === 0) {
    return left > 0 ? { action: 'go' } : { action: 'stop', detail: `the budget of ${budget} is spent` };
  }
  const detail = `the next request would pass the budget of ${budget}`;
  if (state.lastRequestTokens > left) return { action: 'stop', detail };
  if (2 * state.lastRequestTokens > left) return { action: 'answer', detail };
  return { action: 'go' };
}

/** The tokens (input and output) the turn and the session have left; `Infinity` without a budget. */
export function budgetsLeft({ state, options }: { state: TurnState; options: ResolvedLoopOptions }): {
  turnLeft: number;
  sessionLeft: number;
} {
  const used = state.usage.inputTokens + state.usage.outputTokens;
  return {
    turnLeft: options.tokenBudgetPerTurn - used,
    sessionLeft: options.tokenBudgetPerSession - options.sessionTokens - used,
  };
}
