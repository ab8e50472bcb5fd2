/** An amount of euro cents as the shop writes it: `1850` → `18.50 EUR`. */
export function formatEuros(cents: number): string {
  return `${(cents / 100).toFixed(2)} EUR`;
}
