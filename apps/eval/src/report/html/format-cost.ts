/** A cost in the prices' currency, with four decimals under 0.01 (a turn's cost is often a fraction of a cent). */
export function formatCost(cost: number): string {
  return cost.toFixed(cost < 0.01 ? 4 : 2);
}
