import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';

export interface SharedJsonSchemaValidatorOptions {
  /**
   * How many distinct schemas stay compiled. Past it, every compiled schema is dropped at once and compiling
   * starts again: memory stays bounded however many schemas a long run meets. Default 256.
   */
  maxSchemas?: number;
}

/**
 * One JSON Schema validator for many MCP clients and servers (`jsonSchemaValidator` of `connectMcpServers` and of
 * the mock MCP server), instead of the one each builds by default: building a validator costs far more than
 * using one, which matters to a host that connects thousands of times (a scenario runner). Schemas are compiled
 * once per distinct JSON text, so equal schemas from different connections share their compiled form, and no
 * connection sees another's: a schema that holds an `$id` anywhere (which a shared compiler would register, so
 * that a later schema with the same `$id`, or one that refers to it, got the first one's rules) is compiled
 * apart, each time.
 */
export function createSharedJsonSchemaValidator(
  options: SharedJsonSchemaValidatorOptions = {},
): jsonSchemaValidator {
  const maxSchemas = options.maxSchemas ?? 256;
  if (!Number.isInteger(maxSchemas) || maxSchemas < 1) {
    throw new RangeError(`maxSchemas must be an integer of at least 1, got ${String(maxSchemas)}.`);
  }
  let compiler = new AjvJsonSchemaValidator();
  const compiled = new Map<string, JsonSchemaValidator<unknown>>();
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const key = JSON.stringify(schema);
      if (key.includes('"$id"')) return new AjvJsonSchemaValidator().getValidator<T>(schema);
      let validator = compiled.get(key);
      if (validator === undefined) {
        if (compiled.size >= maxSchemas) {
          // The compiler keeps every schema it compiled: a fresh one lets the old ones go.
          compiled.clear();
          compiler = new AjvJsonSchemaValidator();
        }
        validator = compiler.getValidator<unknown>(schema);
        compiled.set(key, validator);
      }
      return validator as JsonSchemaValidator<T>;
    },
  };
}
