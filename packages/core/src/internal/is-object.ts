/** A plain object (not a list, not null): the shape of options, stored checkpoints and JSON records. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
