/** The median, min and max of repeated measurements, and how many there were. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  count: number;
}

/**
 * Summarizes repeated measurements: the median (the mean of the two middle values for an even count), the
 * minimum and the maximum. Throws on an empty list, since a figure of nothing is a bug in the benchmark.
 */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('Cannot summarize an empty list of samples.');
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  const median = sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
  return {
    median,
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    count: sorted.length,
  };
}
