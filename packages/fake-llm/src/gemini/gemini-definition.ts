import { geminiGenerateContentDefinition } from '../definitions/gemini-generate-content.generated.js';
import type { DefinitionSchema, RequestDefinition } from '../definitions/request-definition.js';

/** The int64 fields of a `Schema`, which the SDK types as strings (proto JSON's form) and the API takes as numbers too. */
const int64Fields = ['maxItems', 'minItems', 'maxLength', 'minLength', 'maxProperties', 'minProperties'];

/** A schema whose enums (at any depth) also list each value in lower case. */
function withLowerCaseEnums(schema: DefinitionSchema): DefinitionSchema {
  const result: DefinitionSchema = { ...schema };
  if (schema.enum !== undefined) {
    const lowerCase = schema.enum.flatMap((value) =>
      typeof value === 'string' ? [value.toLowerCase()] : [],
    );
    result.enum = [...new Set([...schema.enum, ...lowerCase])];
  }
  if (schema.properties !== undefined) {
    result.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, inner]) => [name, withLowerCaseEnums(inner)]),
    );
  }
  if (schema.items !== undefined) result.items = withLowerCaseEnums(schema.items);
  if (schema.anyOf !== undefined) result.anyOf = schema.anyOf.map(withLowerCaseEnums);
  return result;
}

/**
 * The generated definition as the API reads it in practice: enum values in lower case too (`object`, `string`
 * for a `Schema`'s type, `low` for a thinking level: @ai-sdk/google and @langchain/google-genai send those, and the
 * API takes them), and a `Schema`'s int64 limits as numbers or strings.
 */
export const geminiDefinition: RequestDefinition = (() => {
  const definitions = Object.fromEntries(
    Object.entries(geminiGenerateContentDefinition.definitions).map(([name, schema]) => [
      name,
      withLowerCaseEnums(schema),
    ]),
  );
  const schema = definitions.Schema;
  if (schema?.properties === undefined) throw new Error('The Gemini request definition lacks Schema.');
  const properties: Record<string, DefinitionSchema> = { ...schema.properties };
  for (const field of int64Fields) properties[field] = { type: ['string', 'number'] };
  return {
    ...geminiGenerateContentDefinition,
    definitions: { ...definitions, Schema: { ...schema, properties } },
  };
})();
