import type { DefinitionSchema, DefinitionType, RequestDefinition } from './request-definition.js';

/** One step into a request body: a field, an item, or the variant of a union a tag chose. */
export type DefinitionPathSegment = string | number | { tag: string };

/** The kind of JSON value found where a definition expected another. */
export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

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
}): DefinitionIssue | undefined {
  const resolve = createResolve(options.definition);
  return checkValue({ schema: options.definition.root, value: options.value, path: [], resolve });
}

type Resolve = (schema: DefinitionSchema) => DefinitionSchema;

const resolvers = new WeakMap<RequestDefinition, Resolve>();

/** Follows `$ref`s to the schema they name; one resolver per definition, which remembers every reference. */
function createResolve(definition: RequestDefinition): Resolve {
  const known = resolvers.get(definition);
  if (known !== undefined) return known;
  const resolved = new Map<string, DefinitionSchema>();
  const resolve: Resolve = (schema) => {
    if (schema.$ref === undefined) return schema;
    const reference = schema.$ref;
    const cached = resolved.get(reference);
    if (cached !== undefined) return cached;
    let current = schema;
    // A chain of references ends in a schema; the generated definitions have no cycles of references alone.
    for (let depth = 0; current.$ref !== undefined && depth < 32; depth += 1) {
      const name = current.$ref.replace(/^#\/definitions\//u, '');
      const target = definition.definitions[name];
      if (target === undefined) throw new Error(`The request definition has no schema '${name}'.`);
      current = target;
    }
    resolved.set(reference, current);
    return current;
  };
  resolvers.set(definition, resolve);
  return resolve;
}

interface CheckOptions {
  schema: DefinitionSchema;
  value: unknown;
  path: DefinitionPathSegment[];
  resolve: Resolve;
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
  const { schema, value, path, resolve } = options;
  const properties = schema.properties ?? {};
  for (const field of schema.required ?? []) {
    if (!(field in value)) return { kind: 'missing', path: [...path, field] };
  }
  for (const [field, fieldValue] of Object.entries(value)) {
    const fieldSchema = properties[field];
    if (fieldSchema !== undefined) {
      const issue = checkValue({ schema: fieldSchema, value: fieldValue, path: [...path, field], resolve });
      if (issue !== undefined) return issue;
    } else if (schema.additionalProperties === false) {
      return { kind: 'unknown-field', path: [...path, field] };
    } else if (typeof schema.additionalProperties === 'object') {
      const issue = checkValue({
        schema: schema.additionalProperties,
        value: fieldValue,
        path: [...path, field],
        resolve,
      });
      if (issue !== undefined) return issue;
    }
  }
  return undefined;
}

function checkArray(options: CheckOptions & { value: unknown[] }): DefinitionIssue | undefined {
  const { schema, value, path, resolve } = options;
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    return { kind: 'min-items', path, limit: schema.minItems, actual: value.length };
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    return { kind: 'max-items', path, limit: schema.maxItems, actual: value.length };
  }
  if (schema.items === undefined) return undefined;
  for (const [index, item] of value.entries()) {
    const issue = checkValue({ schema: schema.items, value: item, path: [...path, index], resolve });
    if (issue !== undefined) return issue;
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
  const { schema, value, path, resolve } = options;
  const plan = planUnion(schema, resolve);
  const kind = kindOf(value);
  const fitting = plan.byKind.get(kind) ?? [];
  if (fitting.length === 0) return { kind: 'type', path, expected: plan.expected, actual: kind };
  if (kind === 'object' && plan.tag !== undefined) {
    const tagged = chooseByTag({ tag: plan.tag, value: value as Record<string, unknown>, path });
    if ('issue' in tagged) return tagged.issue;
    const taggedPath = tagged.tag === undefined ? path : [...path, { tag: tagged.tag }];
    if (tagged.variants.length === 1) {
      return checkValue({ schema: tagged.variants[0] as DefinitionSchema, value, path: taggedPath, resolve });
    }
    return checkFirstFitting({ variants: tagged.variants, value, path: taggedPath, resolve });
  }
  return checkFirstFitting({ variants: fitting, value, path, resolve });
}

/** How a union is told apart: its variants by the kind of value they take, and by tag when they have one. */
interface UnionPlan {
  byKind: Map<ValueKind, DefinitionSchema[]>;
  /** Every type a variant takes, for a value none takes. */
  expected: DefinitionType[];
  tag: UnionTag | undefined;
}

/** The field whose fixed values tell a union's object variants apart, and the variants of each value. */
interface UnionTag {
  field: string;
  byValue: Map<string, DefinitionSchema[]>;
  /** The variants that do not require the field (taken when a value leaves it out). */
  untagged: DefinitionSchema[];
  allowed: string[];
}

const valueKinds: readonly ValueKind[] = ['object', 'array', 'string', 'number', 'boolean', 'null'];
const samples: Record<ValueKind, unknown> = {
  object: {},
  array: [],
  string: '',
  number: 0.5,
  boolean: true,
  null: null,
};

// A request body holds the same unions (content blocks, messages) hundreds of times: each is planned once. A
// 575 KiB body of 500 messages took 23 ms to check with the plan made for every value, 7 ms with it kept.
const unionPlans = new WeakMap<DefinitionSchema, UnionPlan>();

function planUnion(union: DefinitionSchema, resolve: Resolve): UnionPlan {
  const planned = unionPlans.get(union);
  if (planned !== undefined) return planned;
  const variants = listUnionVariants(union, resolve);
  const byKind = new Map<ValueKind, DefinitionSchema[]>();
  for (const kind of valueKinds) {
    // An integer-only variant still takes some numbers: a number is matched against `number` and `integer`.
    const sample = kind === 'number' ? 1 : samples[kind];
    byKind.set(
      kind,
      variants.filter(
        (variant) =>
          mayHoldKind(variant, sample, resolve) || (kind === 'number' && mayHoldKind(variant, 0.5, resolve)),
      ),
    );
  }
  const expected = [...new Set(variants.flatMap((variant) => listVariantTypes(variant, resolve)))];
  const objects = byKind.get('object') ?? [];
  const field = findTagField(union, objects);
  let tag: UnionTag | undefined;
  if (field !== undefined) {
    const byValue = new Map<string, DefinitionSchema[]>();
    for (const variant of objects) {
      for (const value of readTags(variant, field))
        byValue.set(value, [...(byValue.get(value) ?? []), variant]);
    }
    tag = {
      field,
      byValue,
      untagged: objects.filter((variant) => !(variant.required ?? []).includes(field)),
      allowed: [...byValue.keys()],
    };
  }
  const plan = { byKind, expected, tag };
  unionPlans.set(union, plan);
  return plan;
}

function checkFirstFitting(options: {
  variants: DefinitionSchema[];
  value: unknown;
  path: DefinitionPathSegment[];
  resolve: Resolve;
}): DefinitionIssue | undefined {
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

/**
 * A union's variants, resolved. Under a declared discriminator a variant that is itself a union without fields
 * of its own (OpenAI's `InputItem` holds the union `Item` of most item types) is replaced by its variants: the
 * discriminator tells them all apart.
 */
function listUnionVariants(union: DefinitionSchema, resolve: Resolve): DefinitionSchema[] {
  const variants = (union.anyOf ?? []).map(resolve);
  if (union.discriminator === undefined) return variants;
  return variants.flatMap((variant) =>
    variant.anyOf !== undefined && variant.properties === undefined
      ? listUnionVariants({ ...variant, discriminator: union.discriminator }, resolve)
      : [variant],
  );
}

/** The field that tells a union's object variants apart: the declared discriminator, else one every variant fixes. */
function findTagField(union: DefinitionSchema, variants: DefinitionSchema[]): string | undefined {
  if (union.discriminator !== undefined) return union.discriminator;
  const objects = variants.filter((variant) => variant.properties !== undefined);
  if (objects.length < 2 || objects.length !== variants.length) return undefined;
  const candidates = Object.keys(objects[0]?.properties ?? {});
  return candidates.find((field) => objects.every((variant) => readTags(variant, field).length > 0));
}

function readTags(variant: DefinitionSchema, field: string): string[] {
  const property = variant.properties?.[field];
  if (property === undefined) return [];
  const values = [property, ...(property.anyOf ?? [])].flatMap((schema) => [
    ...(schema.const === undefined ? [] : [schema.const]),
    ...(schema.enum ?? []),
  ]);
  return values.filter((tag): tag is string => typeof tag === 'string');
}

/** Whether a variant could describe a value of this kind (before looking inside it). */
function mayHoldKind(variant: DefinitionSchema, value: unknown, resolve: Resolve): boolean {
  if (variant.anyOf !== undefined) {
    return variant.anyOf.some((inner) => mayHoldKind(resolve(inner), value, resolve));
  }
  const types = listVariantTypes(variant, resolve);
  return types.length === 0 || types.some((type) => fitsType(type, value));
}

function listVariantTypes(variant: DefinitionSchema, resolve: Resolve): DefinitionType[] {
  if (variant.anyOf !== undefined)
    return variant.anyOf.flatMap((inner) => listVariantTypes(resolve(inner), resolve));
  return listTypes(variant);
}

function listTypes(schema: DefinitionSchema): DefinitionType[] {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  const fixed = schema.const !== undefined ? [schema.const] : (schema.enum ?? []);
  return [...new Set(fixed.map((value) => kindOf(value)))];
}

function fitsType(type: DefinitionType, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    case 'string':
    case 'boolean':
      return typeof value === type;
    default: {
      const unexpected: never = type;
      throw new Error(`Unexpected definition type ${String(unexpected)}`);
    }
  }
}

/** The kind of a JSON value, as the definitions name types. */
export function kindOf(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
