import { checkTokenBudget } from '../token-budget.js';
import type { TurnFeature } from './turn-feature.js';

/**
 * `tokenBudget`: before a request, the turn stops when even the next request would not fit its budget, and that
 * request is the last answer when a round and an answer would not both fit (see `checkTokenBudget`).
 */
export const tokenBudgetFeature: TurnFeature = {
  beforeRequest(turn) {
    const budget = checkTokenBudget(turn);
    if (budget.action === 'go') return undefined;
    const ending = { reason: 'budget_exceeded', detail: budget.detail };
    return budget.action === 'stop' ? { end: ending } : { answer: ending };
  },
};
