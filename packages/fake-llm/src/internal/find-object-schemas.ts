/** Where an object schema sits in a JSON Schema: its path (keywords and property names) and the schema itself. */
export interface ObjectSchemaAt {
  path: string[];
  schema: Record<string, unknown>;
}

/**
 * Every object schema in a JSON Schema (the root, `properties`, `items`, `anyOf`/`allOf`/`oneOf` branches and
 * `$defs`), depth first, with its path: what structured outputs check `additionalProperties` and `required` on.
 */
export function findObjectSchemas(schema: unknown, path: string[] = []): ObjectSchemaAt[] {
  if (!isRecord(schema)) return [];
  const type = schema.type;
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
  const found: ObjectSchemaAt[] = isObject ? [{ path, schema }] : [];
  for (const keyword of ['properties', '$defs', 'definitions'] as const) {
    const children = schema[keyword];
    if (!isRecord(children)) continue;
    for (const [name, child] of Object.entries(children)) {
      found.push(...findObjectSchemas(child, [...path, keyword, name]));
    }
  }
  if (schema.items !== undefined) found.push(...findObjectSchemas(schema.items, [...path, 'items']));
  for (const keyword of ['anyOf', 'allOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, index) => {
      found.push(...findObjectSchemas(branch, [...path, keyword, String(index)]));
    });
  }
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
