import { isRecord } from '../internal/is-record.js';
import { createDefinitionResolver, type DefinitionResolver } from './create-definition-resolver.js';
import { fitsType, kindOf, listTypes, type ValueKind } from './definition-value-kinds.js';
import { planUnion, readTags, type UnionTag } from './plan-definition-union.js';
import type { DefinitionSchema, DefinitionType, RequestDefinition } from './request-definition.js';

export type { ValueKind } from './definition-value-kinds.js';

/** One step into a request body: a field, an item, or the variant of a union a tag chose. */
export type DefinitionPathSegment = string | number | { tag: string };

/** The first way a request body departs from its definition. */
export type DefinitionIssue =
  | { kind: 'missing'; path: DefinitionPathSegment[] }
  | { kind: 'unknown-field'; path: DefinitionPathSegment[] }
  | { kind: 'type'; path: DefinitionPathSegment[]; expected: DefinitionType[]; actual: ValueKind }
  | { kind: 'enum'; path: DefinitionPathSegment[]; allowed: unknown[]; actual: unknown }
  | { kind: 'tag'; path: DefinitionPathSegment[]; field: string; allowed: string[]; actual: unknown }
  | {
      kind: 'min-items' | 'max-items' | 'min-length' | 'max-length';
      path: DefinitionPathSegment[];
      limit: number;
      actual: number;
    }
  | {
      kind: 'minimum' | 'maximum' | 'exclusive-minimum' | 'exclusive-maximum';
      path: DefinitionPathSegment[];
      limit: number;
      actual: number;
      integer: boolean;
    }
  | { kind: 'pattern'; path: DefinitionPathSegment[]; pattern: string; actual: string };

/**
 * Checks a request body against its definition and returns the first issue in document order, or `undefined`
 * when the body is what the definition describes. A union (`anyOf`) whose object variants share a field with
 * fixed values (`type`, `role`) is resolved by that field, as the APIs do, and the chosen variant is named in
 * the path; any other union takes the first variant that fits, and reports the variant that fits best.
 */
export function checkAgainstDefinition(options: {
  definition: RequestDefinition;
  value: unknown;
  /**
   * A list in the body whose object items are remembered once they fit the list's items schema, and not checked
   * against it again, in this definition: for a list whose items are the same objects from request to request and
   * cannot change (the fake's copies, see `PromptCopies`), so that a request costs what its new items cost. An
   * object the caller might change must not be in the list.
   */
  remembered?: readonly unknown[];
}): DefinitionIssue | undefined {
  const resolve = createDefinitionResolver(options.definition);
  return checkValue({
    schema: options.definition.root,
    value: options.value,
    path: [],
    resolve,
    remembered: options.remembered,
  });
}

/**
 * The objects found to fit each items schema, by the definition (its resolver, one per definition) and the
 * schema: definitions made from one another may share schema objects that resolve differently.
 */
const fittingObjects = new WeakMap<DefinitionResolver, WeakMap<DefinitionSchema, WeakSet<object>>>();

interface CheckOptions {
  schema: DefinitionSchema;
  value: unknown;
  path: DefinitionPathSegment[];
  resolve: DefinitionResolver;
  remembered: readonly unknown[] | undefined;
}

function checkValue(options: CheckOptions): DefinitionIssue | undefined {
  const schema = options.resolve(options.schema);
  const { value, path } = options;
  if (schema.anyOf !== undefined) return checkUnion({ ...options, schema });
  if (schema.const !== undefined && value !== schema.const) {
    return { kind: 'enum', path, allowed: [schema.const], actual: value };
  }
  if (schema.enum !== undefined && !schema.enum.some((allowed) => allowed === value)) {
    return { kind: 'enum', path, allowed: schema.enum, actual: value };
  }
  const types = listTypes(schema);
  if (types.length > 0 && !types.some((type) => fitsType(type, value))) {
    return { kind: 'type', path, expected: types, actual: kindOf(value) };
  }
  if (typeof value === 'string') return checkString(schema, value, path);
  if (typeof value === 'number') return checkNumber(schema, value, path, types);
  if (Array.isArray(value)) return checkArray({ ...options, schema, value });
  if (isRecord(value)) return checkObject({ ...options, schema, value });
  return undefined;
}

function checkObject(
  options: CheckOptions & { value: Record<string, unknown> },
): DefinitionIssue | undefined {
  const { schema, value, path, resolve, remembered } = options;
  const { properties = {}, additionalProperties } = schema;
  for (const field of schema.required ?? []) {
    if (!Object.hasOwn(value, field)) return { kind: 'missing', path: [...path, field] };
  }
  for (const [field, fieldValue] of Object.entries(value)) {
    // Own fields only: `properties.__proto__` of a body field named so would be the prototype, not a schema.
    const fieldSchema = Object.hasOwn(properties, field)
      ? properties[field]
      : typeof additionalProperties === 'object'
        ? additionalProperties
        : undefined;
    if (fieldSchema === undefined) {
      if (additionalProperties === false) return { kind: 'unknown-field', path: [...path, field] };
      continue;
    }
    const issue = checkValue({
      schema: fieldSchema,
      value: fieldValue,
      path: [...path, field],
      resolve,
      remembered,
    });
    if (issue !== undefined) return issue;
  }
  return undefined;
}

function checkArray(options: CheckOptions & { value: unknown[] }): DefinitionIssue | undefined {
  const { schema, value, path, resolve, remembered } = options;
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    return { kind: 'min-items', path, limit: schema.minItems, actual: value.length };
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    return { kind: 'max-items', path, limit: schema.maxItems, actual: value.length };
  }
  if (schema.items === undefined) return undefined;
  const known = remembered === value ? rememberFitting(resolve, schema.items) : undefined;
  for (const [index, item] of value.entries()) {
    const isObject = typeof item === 'object' && item !== null;
    if (isObject && known?.has(item) === true) continue;
    const issue = checkValue({
      schema: schema.items,
      value: item,
      path: [...path, index],
      resolve,
      remembered,
    });
    if (issue !== undefined) return issue;
    if (isObject) known?.add(item);
  }
  return undefined;
}

function checkString(
  schema: DefinitionSchema,
  value: string,
  path: DefinitionPathSegment[],
): DefinitionIssue | undefined {
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    // JSON Schema counts code points, as the APIs' validators do. Counting them is the costliest step of a check
    // (a 575 KiB body spent most of its 7 ms here), so it is done only for a string with a length limit.
    const length = Array.from(value).length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      return { kind: 'min-length', path, limit: schema.minLength, actual: length };
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      return { kind: 'max-length', path, limit: schema.maxLength, actual: length };
    }
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
    return { kind: 'pattern', path, pattern: schema.pattern, actual: value };
  }
  return undefined;
}

function checkNumber(
  schema: DefinitionSchema,
  value: number,
  path: DefinitionPathSegment[],
  types: DefinitionType[],
): DefinitionIssue | undefined {
  const integer = types.includes('integer') && !types.includes('number');
  const bound = (kind: 'minimum' | 'maximum' | 'exclusive-minimum' | 'exclusive-maximum', limit: number) =>
    ({ kind, path, limit, actual: value, integer }) as const;
  if (schema.minimum !== undefined && value < schema.minimum) return bound('minimum', schema.minimum);
  if (schema.maximum !== undefined && value > schema.maximum) return bound('maximum', schema.maximum);
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
    return bound('exclusive-minimum', schema.exclusiveMinimum);
  }
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
    return bound('exclusive-maximum', schema.exclusiveMaximum);
  }
  return undefined;
}

function checkUnion(options: CheckOptions): DefinitionIssue | undefined {
  const { schema, value, path, resolve, remembered } = options;
  const plan = planUnion(schema, resolve);
  const kind = kindOf(value);
  const variants = plan.byKind.get(kind) ?? [];
  if (variants.length === 0) return { kind: 'type', path, expected: plan.expected, actual: kind };
  if (kind === 'object' && plan.tag !== undefined) {
    const tagged = chooseByTag({ tag: plan.tag, value: value as Record<string, unknown>, path });
    if ('issue' in tagged) return tagged.issue;
    const taggedPath = tagged.tag === undefined ? path : [...path, { tag: tagged.tag }];
    if (tagged.variants.length === 1) {
      return checkValue({
        schema: tagged.variants[0] as DefinitionSchema,
        value,
        path: taggedPath,
        resolve,
        remembered,
      });
    }
    return checkFirstFitting({ variants: tagged.variants, value, path: taggedPath, resolve, remembered });
  }
  return checkFirstFitting({ variants, value, path, resolve, remembered });
}

function checkFirstFitting(
  options: Omit<CheckOptions, 'schema'> & { variants: DefinitionSchema[] },
): DefinitionIssue | undefined {
  let closest: DefinitionIssue | undefined;
  for (const variant of options.variants) {
    const issue = checkValue({ ...options, schema: variant });
    if (issue === undefined) return undefined;
    // The variant that got furthest into the value is the one the client most likely meant.
    if (closest === undefined || issue.path.length > closest.path.length) closest = issue;
  }
  return closest;
}

function chooseByTag(options: {
  tag: UnionTag;
  value: Record<string, unknown>;
  path: DefinitionPathSegment[];
}): { variants: DefinitionSchema[]; tag: string | undefined } | { issue: DefinitionIssue } {
  const { tag, value, path } = options;
  const { field } = tag;
  if (!(field in value) || value[field] === null) {
    if (tag.untagged.length === 0) return { issue: { kind: 'missing', path: [...path, field] } };
    const tags = tag.untagged.length === 1 ? readTags(tag.untagged[0] as DefinitionSchema, field) : [];
    return { variants: tag.untagged, tag: tags.length === 1 ? tags[0] : undefined };
  }
  const actual = value[field];
  const chosen = typeof actual === 'string' ? tag.byValue.get(actual) : undefined;
  if (chosen === undefined) return { issue: { kind: 'tag', path, field, allowed: tag.allowed, actual } };
  return { variants: chosen, tag: actual as string };
}

function rememberFitting(resolve: DefinitionResolver, schema: DefinitionSchema): WeakSet<object> {
  let bySchema = fittingObjects.get(resolve);
  if (bySchema === undefined) {
    bySchema = new WeakMap();
    fittingObjects.set(resolve, bySchema);
  }
  let known = bySchema.get(schema);
  if (known === undefined) {
    known = new WeakSet();
    bySchema.set(schema, known);
  }
  return known;
}
