import type { JsonObject, JsonValue } from '@toolloop/core';

/**
 * A value as JSON carries it, as `JSON.stringify` would write it: a field that is `undefined`, a function or a
 * symbol is left out of its object (and is `null` in a list), a number that is not finite is `null`. For
 * messages that are JSON already (MCP messages), kept as they are in a recording, which is written as JSON.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item: unknown) => (isLeftOut(item) ? null : toJsonValue(item)));
  if (typeof value === 'object') return toJsonObject(value);
  return null;
}

/** An object's fields as JSON carries them (`toJsonValue`); anything but an object is `{}`. */
export function toJsonObject(value: unknown): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, field]: [string, unknown]) =>
      isLeftOut(field) ? [] : [[key, toJsonValue(field)]],
    ),
  );
}

function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
