import type { DefinitionSchema } from '../src/definitions/request-definition.ts';

/** `allOf` of objects (OpenAPI's way of extending a schema) as one object with every part's fields. */
export function mergeAllOf(schema: unknown, schemas: Record<string, unknown>): unknown {
  if (!isRecord(schema)) return schema;
  if (!Array.isArray(schema.allOf)) {
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === 'properties' && isRecord(value)
          ? Object.fromEntries(
              Object.entries(value).map(([field, inner]) => [field, mergeAllOf(inner, schemas)]),
            )
          : Array.isArray(value)
            ? value.map((inner) => mergeAllOf(inner, schemas))
            : key === 'items' || key === 'additionalProperties'
              ? mergeAllOf(value, schemas)
              : value,
      ]),
    );
  }
  const parts = schema.allOf.map((part: unknown) => {
    const resolved =
      isRecord(part) && typeof part.$ref === 'string'
        ? schemas[part.$ref.replace(/^#\/components\/schemas\//u, '')]
        : part;
    return mergeAllOf(resolved, schemas) as Record<string, unknown>;
  });
  const { allOf: _allOf, ...rest } = schema;
  const merged: Record<string, unknown> = {
    ...(mergeAllOf(rest, schemas) as Record<string, unknown>),
    type: 'object',
  };
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of [merged, ...parts]) {
    Object.assign(properties, isRecord(part.properties) ? part.properties : {});
    for (const field of Array.isArray(part.required) ? part.required : []) required.add(String(field));
  }
  return { ...merged, properties, required: [...required] };
}

const kept = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'anyOf',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  '$ref',
]);

/**
 * One schema in the fake's JSON Schema subset: `oneOf` and `nullable` become `anyOf`, a discriminator its field
 * name, references `#/definitions/<name>`; descriptions, examples and defaults go.
 */
export function normalize(schema: unknown, onReference: (reference: string) => string): DefinitionSchema {
  if (!isRecord(schema)) return {};
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'oneOf') result.anyOf = (value as unknown[]).map((inner) => normalize(inner, onReference));
    else if (key === 'discriminator' && isRecord(value)) result.discriminator = value.propertyName;
    else if (!kept.has(key)) continue;
    else if (key === '$ref')
      result.$ref = `#/definitions/${onReference(String(value).replace(/^#\/(definitions|components\/schemas)\//u, ''))}`;
    else if (key === 'properties' && isRecord(value)) {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([field, inner]) => [field, normalize(inner, onReference)]),
      );
    } else if (key === 'anyOf')
      result.anyOf = (value as unknown[]).map((inner) => normalize(inner, onReference));
    else if ((key === 'items' || key === 'additionalProperties') && isRecord(value)) {
      result[key] = normalize(value, onReference);
    } else result[key] = value;
  }
  if (schema['x-stainless-const'] === true && Array.isArray(schema.enum) && schema.enum.length === 1) {
    result.const = schema.enum[0];
    delete result.enum;
  }
  if (schema.nullable === true) {
    return { anyOf: [result, { type: 'null' }] };
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
