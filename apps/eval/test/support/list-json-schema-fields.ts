/** A JSON Schema node, as `z.toJSONSchema` writes it. */
type SchemaNode = Record<string, unknown>;

/** One property a document may have, with its path in the document's own words. */
export interface JsonSchemaField {
  /** `servers.<name>.tools[].name`: `<name>` stands for any key of a map, `[]` for each item of a list. */
  path: string;
  /** The path of the object that holds the property; `''` at the top level. */
  parent: string;
  name: string;
  schema: SchemaNode;
}

/** What a JSON Schema allows: every property path, and every string an `enum` or `const` names. */
export interface JsonSchemaContents {
  /** Each property path once. */
  fields: JsonSchemaField[];
  /** Every property schema, also where union branches or shared shapes repeat a path. */
  occurrences: JsonSchemaField[];
  allowedValues: string[];
}

/**
 * Walks a JSON Schema through `properties`, `items`, map values (`additionalProperties`), unions (`anyOf`,
 * `oneOf`, `allOf`) and `$ref`s into `$defs`; a `$ref` already being walked is not followed again, so recursive
 * schemas (a JSON value) end. A property reached through several union branches is listed once.
 */
export function listJsonSchemaContents(root: SchemaNode): JsonSchemaContents {
  const fields = new Map<string, JsonSchemaField>();
  const occurrences: JsonSchemaField[] = [];
  const allowedValues = new Set<string>();
  const definitions = isNode(root.$defs) ? root.$defs : {};

  const walk = (node: unknown, path: string, refsInProgress: ReadonlySet<string>): void => {
    if (!isNode(node)) return;
    if (typeof node.$ref === 'string') {
      if (refsInProgress.has(node.$ref)) return;
      const name = node.$ref.replace('#/$defs/', '');
      walk(definitions[name], path, new Set([...refsInProgress, node.$ref]));
    }
    for (const value of [...asArray(node.enum), node.const]) {
      if (typeof value === 'string') allowedValues.add(value);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      for (const branch of asArray(node[key])) walk(branch, path, refsInProgress);
    }
    if (isNode(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) {
        if (!isNode(schema)) continue;
        const fieldPath = path === '' ? name : `${path}.${name}`;
        const field = { path: fieldPath, parent: path, name, schema };
        occurrences.push(field);
        if (!fields.has(fieldPath)) fields.set(fieldPath, field);
        walk(schema, fieldPath, refsInProgress);
      }
    }
    walk(node.items, `${path}[]`, refsInProgress);
    walk(node.additionalProperties, `${path}.<name>`, refsInProgress);
  };

  walk(root, '', new Set());
  return { fields: [...fields.values()], occurrences, allowedValues: [...allowedValues] };
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}
