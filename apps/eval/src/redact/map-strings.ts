/**
 * A copy of plain data (objects, arrays, primitives, as JSON has them) with every string passed through `map`.
 * Keys are kept; what is not plain data (a class instance) is kept as it is.
 */
export function mapStrings<Value>(value: Value, map: (text: string) => string): Value {
  return mapValue(value, map) as Value;
}

function mapValue(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapValue(item, map));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapValue(item, map)]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
