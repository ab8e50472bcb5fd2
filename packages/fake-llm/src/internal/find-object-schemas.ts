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
  const found: ObjectSchemaAt[] = [];
  collectObjectSchemas(schema, path, found);
  return found;
}

/** Adds the object schemas of `schema` to `found`, one at a time: a schema may have more than a call takes arguments. */
function collectObjectSchemas(schema: unknown, path: string[], found: ObjectSchemaAt[]): void {
  if (!isRecord(schema)) return;
  const type = schema.type;
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) found.push({ path, schema });
  for (const keyword of ['properties', '$defs', 'definitions'] as const) {
    const children = schema[keyword];
    if (!isRecord(children)) continue;
    for (const [name, child] of Object.entries(children)) {
      collectObjectSchemas(child, [...path, keyword, name], found);
    }
  }
  if (schema.items !== undefined) collectObjectSchemas(schema.items, [...path, 'items'], found);
  for (const keyword of ['anyOf', 'allOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, index) => {
      collectObjectSchemas(branch, [...path, keyword, String(index)], found);
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
