/** A number for a table with one decimal; thousands not grouped, so JSON and Markdown agree. */
export function formatNumber(value: number): string {
  return formatDecimals({ value, digits: 1 });
}

/** A number for a table with `digits` decimals (`NaN` and infinities as they are). */
export function formatDecimals({ value, digits }: { value: number; digits: number }): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** A ratio as `1.23×`. */
export function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`;
}

/** A size in bytes as `100 KB`, `1 MB` (decimal units, as the benchmarks choose their sizes). */
export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000
    ? `${bytes / 1_000_000} MB`
    : bytes >= 1_000
      ? `${bytes / 1_000} KB`
      : `${bytes} B`;
}
