import { z } from 'zod';

/**
 * The field names a config object takes at `path` inside its zod `schema` (the keys of the object schemas found there,
 * through optional values, unions, lists and records), for saying which name a misspelt one meant.
 */
export function findConfigFieldNames(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const found = new Set<string>();
  const collect = (reached: z.ZodType): void => {
    const inner = unwrap(reached);
    if (inner instanceof z.ZodUnion) for (const form of inner.options as readonly z.ZodType[]) collect(form);
    else if (inner instanceof z.ZodObject) for (const name of Object.keys(inner.shape)) found.add(name);
  };
  for (const reached of schemasAt(schema, path)) collect(reached);
  return [...found];
}

/**
 * The refusal of the union a config value at `path` is checked by, which says its forms (`expected { type: 'auto'
 * | 'required' | 'none' } or { type: 'tool', name }`); undefined when no union checks it.
 */
export function findUnionRefusal(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  const union = schemasAt(schema, path).find((reached) => reached instanceof z.ZodUnion);
  // No form of a union of objects takes nothing at all: its own refusal is the answer.
  return union?.safeParse(undefined).error?.issues[0]?.message;
}

/** The schemas that check a value at `path`, each without its optional or default wrapper. */
function schemasAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType[] {
  const inner = unwrap(schema);
  const [head, ...rest] = path;
  if (head === undefined) return [inner];
  if (inner instanceof z.ZodUnion)
    return (inner.options as readonly z.ZodType[]).flatMap((form) => schemasAt(form, path));
  if (inner instanceof z.ZodObject)
    return typeof head === 'string' && head in inner.shape
      ? schemasAt(inner.shape[head] as z.ZodType, rest)
      : [];
  if (inner instanceof z.ZodRecord) return schemasAt(inner.valueType as z.ZodType, rest);
  if (inner instanceof z.ZodArray && typeof head === 'number')
    return schemasAt(inner.element as z.ZodType, rest);
  return [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return unwrap(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return unwrap(schema.out as z.ZodType);
  return schema;
}
