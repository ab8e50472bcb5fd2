import type { DefinitionSchema, RequestDefinition } from '../../definitions/request-definition.js';

/** Follows a schema's `$ref`s within its definition to the schema they name (`{}` for a name it lacks). */
export function createSchemaResolver(
  definition: RequestDefinition,
): (schema: DefinitionSchema) => DefinitionSchema {
  return (schema) => {
    let current = schema;
    // The generated definitions have no cycle of references alone; the bound only guards a hand-edited one.
    for (let depth = 0; current.$ref !== undefined && depth < 32; depth += 1) {
      const target = definition.definitions[current.$ref.replace(/^#\/definitions\//u, '')];
      if (target === undefined) return {};
      current = target;
    }
    return current;
  };
}
