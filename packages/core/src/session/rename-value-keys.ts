import { z } from 'zod';
import { isObject } from '../internal/is-object.js';

/**
 * A value's object keys renamed as `schema` (the schema of the value as given) describes them: a record's keys
 * and a value the schema does not look into (a JSON Schema, a text) stay as they are.
 */
export function renameValueKeys({
  value,
  schema,
  rename,
}: {
  value: unknown;
  schema: z.ZodType;
  rename: (name: string) => string;
}): unknown {
  const walk = (inner: unknown, innerSchema: z.ZodType) =>
    renameValueKeys({ value: inner, schema: innerSchema, rename });
  if (schema instanceof z.ZodOptional) return walk(value, schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodUnion) {
    const form = (schema.options as z.ZodType[]).find((option) =>
      Array.isArray(value) ? option instanceof z.ZodArray : isObject(value) && option instanceof z.ZodObject,
    );
    return form === undefined ? value : walk(value, form);
  }
  if (schema instanceof z.ZodObject && isObject(value)) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => {
        const innerSchema = shape[name];
        return [rename(name), innerSchema === undefined ? inner : walk(inner, innerSchema)];
      }),
    );
  }
  if (schema instanceof z.ZodRecord && isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, walk(inner, schema.valueType as z.ZodType)]),
    );
  }
  if (schema instanceof z.ZodArray && Array.isArray(value)) {
    return value.map((inner: unknown) => walk(inner, schema.element as z.ZodType));
  }
  return value;
}
