/**
 * The `percent`th percentile of `samples` by the nearest rank: the smallest sample that at least `percent` % of
 * the samples do not exceed (the 50th of an even count is the lower middle one, the 99th of fewer than 100
 * samples their maximum). Throws on an empty list, as `summarize` does.
 */
export function percentile({ samples, percent }: { samples: readonly number[]; percent: number }): number {
  if (samples.length === 0) throw new Error('Cannot take a percentile of an empty list of samples.');
  const sorted = [...samples].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((percent / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}
