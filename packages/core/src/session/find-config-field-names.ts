import { z } from 'zod';

/**
 * The field names a config object takes at `path` inside its zod `schema` (the keys of the object schemas found there,
 * through optional values, unions, lists and records), for saying which name a misspelt one meant.
 */
export function findConfigFieldNames(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const found = new Set<string>();
  visit(schema, path, found);
  return [...found];
}

function visit(schema: z.ZodType, path: readonly PropertyKey[], found: Set<string>): void {
  const [head, ...rest] = path;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    visit(schema.unwrap() as z.ZodType, path, found);
  } else if (schema instanceof z.ZodPipe) {
    visit(schema.out as z.ZodType, path, found);
  } else if (schema instanceof z.ZodUnion) {
    for (const option of schema.options as readonly z.ZodType[]) visit(option, path, found);
  } else if (schema instanceof z.ZodObject) {
    if (head === undefined) for (const name of Object.keys(schema.shape)) found.add(name);
    else if (typeof head === 'string' && head in schema.shape)
      visit(schema.shape[head] as z.ZodType, rest, found);
  } else if (schema instanceof z.ZodRecord && head !== undefined) {
    visit(schema.valueType as z.ZodType, rest, found);
  } else if (schema instanceof z.ZodArray && typeof head === 'number') {
    visit(schema.element as z.ZodType, rest, found);
  }
}
