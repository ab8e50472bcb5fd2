import { isRecord } from '../internal/is-record.js';
import type { DefinitionResolver } from './create-definition-resolver.js';
import type { DefinitionSchema, DefinitionType } from './request-definition.js';

/** The kind of JSON value found where a definition expected another. */
export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** Whether a variant could describe a value of this kind (before looking inside it). */
export function mayHoldKind(variant: DefinitionSchema, value: unknown, resolve: DefinitionResolver): boolean {
  if (variant.anyOf !== undefined) {
    return variant.anyOf.some((inner) => mayHoldKind(resolve(inner), value, resolve));
  }
  const types = listVariantTypes(variant, resolve);
  return types.length === 0 || types.some((type) => fitsType(type, value));
}

export function listVariantTypes(variant: DefinitionSchema, resolve: DefinitionResolver): DefinitionType[] {
  if (variant.anyOf !== undefined)
    return variant.anyOf.flatMap((inner) => listVariantTypes(resolve(inner), resolve));
  return listTypes(variant);
}

export function listTypes(schema: DefinitionSchema): DefinitionType[] {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  const fixed = schema.const !== undefined ? [schema.const] : (schema.enum ?? []);
  return [...new Set(fixed.map((value) => kindOf(value)))];
}

export function fitsType(type: DefinitionType, value: unknown): boolean {
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
