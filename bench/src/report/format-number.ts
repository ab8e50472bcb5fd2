/** A number for a table: `digits` decimals (default 1), thousands not grouped, so JSON and Markdown agree. */
export function formatNumber(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** A ratio as `1.23×`. */
export function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`;
}
