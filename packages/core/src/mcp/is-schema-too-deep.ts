/**
 * How deep the objects and arrays of a tool's schema may nest (the schema itself is level 1): room for a
 * schema of arguments at their own limit (128 levels; a schema takes two levels for each of an object's),
 * and below what breaks on the way to the model. Measured on Node 20 with its default stack: the MCP SDK's
 * validator (Ajv) compiling an output schema of nested `items` overflows at 376 levels, `structuredClone` of a
 * request near 1,900, `JSON.stringify` near 4,100.
 */
export const maxSchemaDepth = 256;

/** The field of the schema that stands in for one too deep to be read (see `markDeepToolSchemas`). */
export const tooDeepSchemaMarker = 'x-toolloop-nests-too-deep';

/**
 * Whether a schema nests deeper than {@link maxSchemaDepth}, or stands in for one that did; walked without
 * recursion, so any depth is safe.
 */
export function isSchemaTooDeep(schema: unknown): boolean {
  if (typeof schema === 'object' && schema !== null && tooDeepSchemaMarker in schema) return true;
  const pending: Array<{ value: unknown; depth: number }> = [{ value: schema, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxSchemaDepth) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
