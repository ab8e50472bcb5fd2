/**
 * True when `actual` contains `pattern`: objects match when every member of the pattern matches the member of
 * the same name (other members of `actual` are ignored), arrays when they have the same length and match item
 * by item, and everything else when it is equal.
 */
export function matchesPartially(options: { pattern: unknown; actual: unknown }): boolean {
  const { pattern, actual } = options;
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(actual) &&
      actual.length === pattern.length &&
      pattern.every((item: unknown, index) => matchesPartially({ pattern: item, actual: actual[index] }))
    );
  }
  if (isPlainObject(pattern)) {
    return (
      isPlainObject(actual) &&
      Object.entries(pattern).every(
        ([key, value]) =>
          Object.hasOwn(actual, key) && matchesPartially({ pattern: value, actual: actual[key] }),
      )
    );
  }
  return Object.is(pattern, actual);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
