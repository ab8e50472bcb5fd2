/** A count of a saved slice: a non-negative integer, or 0. */
export function readCount(saved: unknown, key: string): number {
  const value =
    typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>)[key] : undefined;
  return Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0;
}
