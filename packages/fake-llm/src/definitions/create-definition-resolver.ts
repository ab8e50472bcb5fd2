import type { DefinitionSchema, RequestDefinition } from './request-definition.js';

/** Follows a schema's `$ref`s to the schema they name. */
export type DefinitionResolver = (schema: DefinitionSchema) => DefinitionSchema;

const resolvers = new WeakMap<RequestDefinition, DefinitionResolver>();

/**
 * The resolver of a definition's references: one per definition, which remembers every reference it followed.
 * Throws for a name the definition lacks (the generated definitions have none: a test checks every reference).
 */
export function createDefinitionResolver(definition: RequestDefinition): DefinitionResolver {
  const known = resolvers.get(definition);
  if (known !== undefined) return known;
  const resolved = new Map<string, DefinitionSchema>();
  const resolve: DefinitionResolver = (schema) => {
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
