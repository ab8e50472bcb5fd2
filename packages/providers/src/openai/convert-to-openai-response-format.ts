import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { JsonObject, JsonValue, ResponseFormat, WarningPart } from '@toolloop/core';

/**
 * A core `responseFormat` as chat completions' `response_format: { type: 'json_schema', json_schema }`.
 * `strict: true` (the server then guarantees the shape) only for schemas strict mode accepts — every object with
 * `additionalProperties: false` and all its properties required — else `strict: false`, and the loop's own
 * validation does the checking. A model without structured outputs is sent no format, with a warning.
 */
export function convertToOpenAIResponseFormat({
  responseFormat,
  takesJsonSchema,
  modelId,
}: {
  responseFormat: ResponseFormat;
  takesJsonSchema: boolean;
  modelId: string;
}): { responseFormat?: ResponseFormatJSONSchema; warnings: WarningPart[] } {
  if (!takesJsonSchema) {
    return {
      warnings: [
        {
          type: 'warning',
          code: 'structured_output_unsupported',
          message: `${modelId} is not known to take a json_schema response_format (set capabilities.structuredOutput if it does); the answer's format was not sent.`,
        },
      ],
    };
  }
  return {
    responseFormat: {
      type: 'json_schema',
      json_schema: {
        name: responseFormat.name,
        schema: responseFormat.schema,
        strict: fitsStrictMode(responseFormat.schema),
      },
    },
    warnings: [],
  };
}

/** Whether every object in the schema closes its properties and requires them all, as strict mode demands. */
function fitsStrictMode(schema: JsonValue): boolean {
  if (Array.isArray(schema)) return schema.every(fitsStrictMode);
  if (typeof schema !== 'object' || schema === null) return true;
  if (schema.type === 'object' || schema.properties !== undefined) {
    const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (schema.additionalProperties !== false) return false;
    if (!properties.every((name) => required.includes(name))) return false;
  }
  return Object.values(schema).every(fitsStrictMode);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
