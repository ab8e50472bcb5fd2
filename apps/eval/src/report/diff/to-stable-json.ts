import type { JsonValue } from '@toolloop/core';

/** Pretty-printed JSON with object keys sorted, so two values diff by content rather than by key order. */
export function toStableJson(value: JsonValue): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] ?? null)]),
  );
}
