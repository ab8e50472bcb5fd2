import type { ScenarioResult, TurnReport } from '../report/run-report.js';

/** The tokens of every turn together, and their cost when every turn has one. */
export function sumTurnTotals(turns: readonly TurnReport[]): Pick<ScenarioResult, 'tokens' | 'cost'> {
  const costs = turns.map((turn) => turn.cost);
  return {
    tokens: {
      input: turns.reduce((total, turn) => total + turn.usage.inputTokens, 0),
      output: turns.reduce((total, turn) => total + turn.usage.outputTokens, 0),
    },
    ...(turns.length > 0 && costs.every((cost) => cost !== undefined)
      ? { cost: costs.reduce((total, cost) => total + cost, 0) }
      : {}),
  };
}
