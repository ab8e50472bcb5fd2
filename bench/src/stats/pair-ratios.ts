/**
 * Ratios taken pair by pair: `numerators[i] / denominators[i]` for measurements made in the same round, so that
 * noise that hit both (a busy machine, a GC) cancels out. Both lists must have the same length.
 */
export function pairRatios({
  numerators,
  denominators,
}: {
  numerators: readonly number[];
  denominators: readonly number[];
}): number[] {
  if (numerators.length !== denominators.length)
    throw new Error(
      `Pair ratios need lists of the same length (got ${numerators.length} and ${denominators.length}).`,
    );
  return numerators.map((numerator, index) => numerator / (denominators[index] ?? Number.NaN));
}
