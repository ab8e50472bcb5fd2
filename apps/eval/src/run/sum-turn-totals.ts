import type { ScenarioResult, TurnReport } from '../report/run-report.js';

/**
 * The tokens of every turn together, and their cost when every turn has one; the judges' tokens apart, when a
 * turn was judged.
 */
export function sumTurnTotals(
  turns: readonly TurnReport[],
): Pick<ScenarioResult, 'tokens' | 'cost' | 'judgeTokens' | 'judgeCost'> {
  const costs = turns.map((turn) => turn.cost);
  const verdicts = turns.flatMap((turn) => [
    ...(turn.judge === undefined ? [] : [turn.judge]),
    ...(turn.honesty?.verdict === undefined ? [] : [turn.honesty.verdict]),
  ]);
  return {
    tokens: {
      input: turns.reduce((total, turn) => total + turn.usage.inputTokens, 0),
      output: turns.reduce((total, turn) => total + turn.usage.outputTokens, 0),
    },
    ...(turns.length > 0 && costs.every((cost) => cost !== undefined)
      ? { cost: costs.reduce((total, cost) => total + cost, 0) }
      : {}),
    ...(verdicts.length === 0
      ? {}
      : {
          judgeTokens: {
            input: verdicts.reduce((total, verdict) => total + verdict.usage.inputTokens, 0),
            output: verdicts.reduce((total, verdict) => total + verdict.usage.outputTokens, 0),
          },
          ...(verdicts.every((verdict) => verdict.cost !== undefined)
            ? { judgeCost: verdicts.reduce((total, verdict) => total + (verdict.cost ?? 0), 0) }
            : {}),
        }),
  };
}
