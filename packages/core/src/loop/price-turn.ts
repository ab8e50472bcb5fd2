import type { Usage } from '../model/usage.js';
import type { LoopResult } from './loop-result.js';
import type { ModelPrice, ResolvedLoopOptions } from './tool-loop-options.js';
import type { TurnState } from './turn-state.js';

/**
 * What the turn's tokens cost, when `prices` names every model that answered (a cost that left one out would
 * look smaller than it is): the turn's own requests, and the generated status lines apart.
 */
export function priceTurn({
  state,
  options,
}: {
  state: TurnState;
  options: ResolvedLoopOptions;
}): LoopResult['cost'] {
  if (Object.keys(options.prices).length === 0) return undefined;
  let turn = 0;
  for (const [modelId, usage] of state.usageByModel) {
    const price = options.prices[modelId];
    if (price === undefined) return undefined;
    turn += priceOf(usage, price);
  }
  const statusModelId = (options.statusModel ?? options.model).modelId;
  const statusPrice = options.prices[statusModelId];
  const hasStatusUsage = state.statusUsage.inputTokens + state.statusUsage.outputTokens > 0;
  if (hasStatusUsage && statusPrice === undefined) return undefined;
  const statusLines = statusPrice === undefined ? 0 : priceOf(state.statusUsage, statusPrice);
  return { total: round(turn + statusLines), turn: round(turn), statusLines: round(statusLines) };
}

function priceOf(usage: Usage, price: ModelPrice): number {
  const perToken = (perMillion: number) => perMillion / 1_000_000;
  return (
    usage.inputTokens * perToken(price.inputPerMillion) +
    usage.outputTokens * perToken(price.outputPerMillion) +
    (usage.cacheReadTokens ?? 0) * perToken(price.cacheReadPerMillion ?? price.inputPerMillion) +
    (usage.cacheWriteTokens ?? 0) * perToken(price.cacheWritePerMillion ?? price.inputPerMillion)
  );
}

/** Sums of many small products: rounded to a billionth, so 0.1 + 0.2 reads as 0.3. */
function round(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
