import { createDefinitionResolver } from '../definitions/create-definition-resolver.js';
import type { DefinitionSchema, RequestDefinition } from '../definitions/request-definition.js';
import { isRecord } from '../internal/is-record.js';

/**
 * A body with each snake_case field name the definition knows in camelCase renamed to it (`generation_config` to
 * `generationConfig`), as the API's JSON parser takes both forms of a field's name (proto3 JSON). Only the
 * definition's own fields are renamed: the keys of free-form values (a call's `args`, a schema's `properties`)
 * stay as they were sent.
 */
export function readGeminiFieldNames(options: { definition: RequestDefinition; body: unknown }): unknown {
  const resolve = createDefinitionResolver(options.definition);
  const visit = (schema: DefinitionSchema, value: unknown): unknown => {
    const resolved = resolve(schema);
    if (Array.isArray(value)) {
      return resolved.items === undefined ? value : value.map((item) => visit(resolved.items ?? {}, item));
    }
    if (!isRecord(value)) return value;
    const { properties, additionalProperties } = resolved;
    // Own fields only, read and written: a body field named `__proto__` is a field (an unknown one), not the
    // prototype of the definition's properties or of the renamed body.
    const has = (name: string) => properties !== undefined && Object.hasOwn(properties, name);
    const renamed: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(value)) {
      const camel = field.replace(/_([a-z0-9])/gu, (_match, letter: string) => letter.toUpperCase());
      const name = !has(field) && has(camel) ? camel : field;
      const innerSchema = has(name)
        ? properties?.[name]
        : isRecord(additionalProperties)
          ? additionalProperties
          : undefined;
      Object.defineProperty(renamed, name, {
        value: innerSchema === undefined ? inner : visit(innerSchema, inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return renamed;
  };
  return visit(options.definition.root, options.body);
}
