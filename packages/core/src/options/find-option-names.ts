import { ClosedObjectSchema } from './closed-object-schema.js';
import {
  ObjectSchema,
  OptionalSchema,
  RecordSchema,
  UnionSchema,
  type OptionSchema,
} from './option-schema.js';

/**
 * The names an options object takes at `path` inside `schema` (the keys of the object schemas found there,
 * through optional values, unions and records), for saying which name a misspelt one meant.
 */
export function findOptionNames(schema: OptionSchema, path: readonly PropertyKey[]): string[] {
  const found = new Set<string>();
  visit(schema, path, found);
  return [...found];
}

function visit(schema: OptionSchema, path: readonly PropertyKey[], found: Set<string>): void {
  const [head, ...rest] = path;
  if (schema instanceof ClosedObjectSchema) {
    if (head === undefined) for (const name of schema.names) found.add(name);
  } else if (schema instanceof OptionalSchema) {
    visit(schema.inner, path, found);
  } else if (schema instanceof UnionSchema) {
    for (const form of schema.alternatives) visit(form, path, found);
  } else if (schema instanceof ObjectSchema) {
    const shape = schema.fields;
    if (head === undefined) for (const name of Object.keys(shape)) found.add(name);
    else if (typeof head === 'string' && Object.hasOwn(shape, head))
      visit(shape[head] as OptionSchema, rest, found);
  } else if (schema instanceof RecordSchema && head !== undefined) {
    visit(schema.entry, rest, found);
  }
}
