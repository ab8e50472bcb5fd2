import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { ResponseFormat, WarningPart } from '@toolloop/core';
import { fitsOpenAIStrictMode } from './fits-openai-strict-mode.js';

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
        strict: fitsOpenAIStrictMode(responseFormat.schema),
      },
    },
    warnings: [],
  };
}
