import type { DefinitionPathSegment } from '../../definitions/check-against-definition.js';
import type { DefinitionSchema, RequestDefinition } from '../../definitions/request-definition.js';
import { createDefinitionResolver } from '../../definitions/create-definition-resolver.js';

/**
 * The schema a definition gives for the value at a path of a request body (a field, an item, the variant a tag
 * chose), with references resolved; `undefined` when the definition says nothing of that place.
 */
export function findSchemaAtPath(options: {
  definition: RequestDefinition;
  path: readonly DefinitionPathSegment[];
}): DefinitionSchema | undefined {
  const resolve = createDefinitionResolver(options.definition);
  let schema: DefinitionSchema | undefined = resolve(options.definition.root);
  for (const segment of options.path) {
    if (schema === undefined) return undefined;
    schema = step({ schema, segment, resolve });
  }
  return schema;
}

function step(options: {
  schema: DefinitionSchema;
  segment: DefinitionPathSegment;
  resolve: (schema: DefinitionSchema) => DefinitionSchema;
}): DefinitionSchema | undefined {
  const { segment, resolve } = options;
  const schema = resolve(options.schema);
  if (schema.anyOf !== undefined) {
    if (typeof segment === 'object') {
      return schema.anyOf.map(resolve).find((variant) => hasTag(variant, segment.tag));
    }
    for (const variant of schema.anyOf) {
      const found = step({ schema: variant, segment, resolve });
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof segment === 'object') return schema;
  if (typeof segment === 'number') return schema.items === undefined ? undefined : resolve(schema.items);
  // Own fields only: a body field named `constructor` or `__proto__` is not the properties' prototype's.
  const property =
    schema.properties !== undefined && Object.hasOwn(schema.properties, segment)
      ? schema.properties[segment]
      : undefined;
  if (property !== undefined) return resolve(property);
  return typeof schema.additionalProperties === 'object' ? resolve(schema.additionalProperties) : undefined;
}

/** Whether one of a variant's fields is fixed to the tag (`role: 'tool'`, `type: 'text'`). */
function hasTag(variant: DefinitionSchema, tag: string): boolean {
  return Object.values(variant.properties ?? {}).some(
    (property) => property.const === tag || (property.enum ?? []).includes(tag),
  );
}
