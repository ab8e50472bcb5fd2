import type { DefinitionSchema, DefinitionType } from '../../definitions/request-definition.js';

/**
 * What a schema expects, in the words of OpenAI's "Invalid type" errors: `an integer`, `a decimal`, `an array of
 * objects`, `one of a string or array of objects`, `one of 'in_memory' or '24h'` (a `null` variant is not named,
 * object variants are named once).
 */
export function describeExpectedValue(options: {
  schema: DefinitionSchema;
  resolve: (schema: DefinitionSchema) => DefinitionSchema;
}): string {
  const { resolve } = options;
  const listed = listVariants(options.schema, resolve).filter((variant) => variant.type !== 'null');
  // Any string takes in the listed ones (a model id is a string, or one of the ids the definition names).
  const anyString = listed.some((variant) => !isFixed(variant) && readType(variant) === 'string');
  const variants = anyString
    ? listed.filter((variant) => !(isFixed(variant) && readType(variant) === 'string'))
    : listed;
  const [first] = variants;
  if (first === undefined) return 'a value';
  const words = [...new Set(variants.map((variant) => describeVariant({ variant, resolve, inList: true })))];
  if (words.length === 1) return describeVariant({ variant: first, resolve, inList: false });
  return `one of ${joinList(words, 'or')}`;
}

/** A list in OpenAI's words, with an Oxford comma: `a`, `a or b`, `a, b, or c` (or `and`). */
export function joinList(words: readonly string[], conjunction: 'or' | 'and'): string {
  if (words.length <= 2) return words.join(` ${conjunction} `);
  return `${words.slice(0, -1).join(', ')}, ${conjunction} ${String(words.at(-1))}`;
}

/** OpenAI's words for the kind of a value a request sent: `a string`, `an integer`, `a decimal number`, `null`. */
export function describeSentValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  if (typeof value === 'boolean') return 'a boolean';
  return 'an object';
}

function listVariants(
  schema: DefinitionSchema,
  resolve: (schema: DefinitionSchema) => DefinitionSchema,
): DefinitionSchema[] {
  const resolved = resolve(schema);
  if (resolved.anyOf === undefined) return [resolved];
  return resolved.anyOf.flatMap((variant) => listVariants(variant, resolve));
}

function describeVariant(options: {
  variant: DefinitionSchema;
  resolve: (schema: DefinitionSchema) => DefinitionSchema;
  inList: boolean;
}): string {
  const { variant, resolve, inList } = options;
  const fixed = variant.const === undefined ? (variant.enum ?? []) : [variant.const];
  if (fixed.length > 0) {
    const values = fixed.map((value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value)));
    return values.length === 1 ? String(values[0]) : `one of ${joinList(values, 'or')}`;
  }
  const type = readType(variant);
  switch (type) {
    case 'object':
      return inList ? 'object' : 'an object';
    case 'array': {
      const items = variant.items === undefined ? 'values' : describeItems(variant.items, resolve);
      return `${inList ? '' : 'an '}array of ${items}`;
    }
    case 'string':
      return 'a string';
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a decimal';
    case 'boolean':
      return 'a boolean';
    case 'null':
      return 'null';
    case undefined:
      return 'a value';
    default: {
      const unexpected: never = type;
      throw new Error(`Unexpected definition type ${String(unexpected)}`);
    }
  }
}

function describeItems(
  items: DefinitionSchema,
  resolve: (schema: DefinitionSchema) => DefinitionSchema,
): string {
  const types = new Set(listVariants(items, resolve).map(readType));
  if (types.size !== 1) return 'values';
  const [type] = [...types];
  const plurals: Record<DefinitionType, string> = {
    object: 'objects',
    array: 'arrays',
    string: 'strings',
    integer: 'integers',
    number: 'decimals',
    boolean: 'booleans',
    null: 'nulls',
  };
  return type === undefined ? 'values' : plurals[type];
}

function isFixed(schema: DefinitionSchema): boolean {
  return schema.const !== undefined || schema.enum !== undefined;
}

function readType(schema: DefinitionSchema): DefinitionType | undefined {
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
    return types[0];
  }
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}
