import type { Usage } from '@toolloop/core';
import type { ScenarioResult, TurnReport } from '../report/run-report.js';

/**
 * The tokens of every turn together, and their cost when every turn has one; the judges' tokens apart, when a
 * turn was judged, and the simulated user's, when one wrote turns.
 */
export function sumTurnTotals(
  turns: readonly TurnReport[],
): Pick<
  ScenarioResult,
  'tokens' | 'cost' | 'judgeTokens' | 'judgeCost' | 'simulatedUserTokens' | 'simulatedUserCost'
> {
  const costs = turns.map((turn) => turn.cost);
  const verdicts = turns.flatMap((turn) => [
    ...(turn.judge === undefined ? [] : [turn.judge]),
    ...(turn.honesty?.verdict === undefined ? [] : [turn.honesty.verdict]),
    ...(turn.goal === undefined ? [] : [turn.goal]),
  ]);
  const judges = sumSpent(verdicts);
  const users = sumSpent(turns.flatMap((turn) => turn.simulatedUser ?? []));
  return {
    tokens: {
      input: turns.reduce((total, turn) => total + turn.usage.inputTokens, 0),
      output: turns.reduce((total, turn) => total + turn.usage.outputTokens, 0),
    },
    ...(turns.length > 0 && costs.every((cost) => cost !== undefined)
      ? { cost: costs.reduce((total, cost) => total + cost, 0) }
      : {}),
    ...(judges === undefined
      ? {}
      : { judgeTokens: judges.tokens, ...(judges.cost === undefined ? {} : { judgeCost: judges.cost }) }),
    ...(users === undefined
      ? {}
      : {
          simulatedUserTokens: users.tokens,
          ...(users.cost === undefined ? {} : { simulatedUserCost: users.cost }),
        }),
  };
}

/** What some model requests spent together: their tokens, and their cost when every one has one. */
function sumSpent(
  spent: ReadonlyArray<{ usage: Usage; cost?: number }>,
): { tokens: { input: number; output: number }; cost?: number } | undefined {
  if (spent.length === 0) return undefined;
  return {
    tokens: {
      input: spent.reduce((total, { usage }) => total + usage.inputTokens, 0),
      output: spent.reduce((total, { usage }) => total + usage.outputTokens, 0),
    },
    ...(spent.every(({ cost }) => cost !== undefined)
      ? { cost: spent.reduce((total, { cost }) => total + (cost ?? 0), 0) }
      : {}),
  };
}
