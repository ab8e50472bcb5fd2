import type { JsonSchemaType, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { isSchemaTooDeep, maxSchemaDepth } from './is-schema-too-deep.js';

/**
 * The same validator, except that a schema nested deeper than {@link maxSchemaDepth} is not compiled (the
 * compiler would overflow the stack): the client compiles each tool's output schema when it lists the tools,
 * and one such schema would fail the whole listing. Its validator rejects every value; the tool itself is
 * left out of the listing by `connectMcpServers`, and a server's elicitation form with such a schema is refused.
 */
export function guardSchemaDepth(validator: jsonSchemaValidator): jsonSchemaValidator {
  return {
    getValidator<T>(schema: JsonSchemaType) {
      if (!isSchemaTooDeep(schema)) return validator.getValidator<T>(schema);
      return () => ({
        valid: false as const,
        data: undefined,
        errorMessage: `The schema nests deeper than ${maxSchemaDepth} levels, so it was not compiled.`,
      });
    },
  };
}
