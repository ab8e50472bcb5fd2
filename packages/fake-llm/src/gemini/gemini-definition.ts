import { geminiGenerateContentDefinition } from '../definitions/gemini-generate-content.generated.js';
import type { DefinitionSchema, RequestDefinition } from '../definitions/request-definition.js';

/** The int64 fields of a `Schema`, which the SDK types as strings (proto JSON's form) and the API takes as numbers too. */
const int64Fields = ['maxItems', 'minItems', 'maxLength', 'minLength', 'maxProperties', 'minProperties'];

/**
 * The generated definition as the API reads it in practice: a `Schema`'s `type` in lower case too (`object`,
 * `string`: @ai-sdk/google and @langchain/google-genai send those, and the API takes them), and its int64 limits
 * as numbers or strings.
 */
export const geminiDefinition: RequestDefinition = (() => {
  const { definitions } = geminiGenerateContentDefinition;
  const type = definitions.Type;
  const schema = definitions.Schema;
  if (type?.enum === undefined || schema?.properties === undefined) {
    throw new Error('The Gemini request definition lacks Schema or Type.');
  }
  const lowerCase = type.enum.flatMap((value) => (typeof value === 'string' ? [value.toLowerCase()] : []));
  const properties: Record<string, DefinitionSchema> = { ...schema.properties };
  for (const field of int64Fields) properties[field] = { type: ['string', 'number'] };
  return {
    ...geminiGenerateContentDefinition,
    definitions: {
      ...definitions,
      Type: { ...type, enum: [...type.enum, ...lowerCase] },
      Schema: { ...schema, properties },
    },
  };
})();
