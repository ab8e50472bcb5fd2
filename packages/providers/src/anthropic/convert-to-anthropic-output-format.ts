import type { JSONOutputFormat } from '@anthropic-ai/sdk/resources/messages';
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type { ResponseFormat, WarningPart } from '@toolloop/core';
import type { AnthropicModelCapabilities } from './anthropic-model-capabilities.js';

/**
 * A core `responseFormat` as `output_config.format`. The schema goes through the SDK's own transform into the
 * subset structured outputs accept (every object `additionalProperties: false`, unsupported keywords such as
 * `minimum` moved into the description); the loop still validates the answer against the whole schema. A model
 * without structured outputs, or a schema the transform cannot take, is sent no format, with a warning.
 */
export function convertToAnthropicOutputFormat({
  responseFormat,
  capabilities,
  modelId,
}: {
  responseFormat: ResponseFormat;
  capabilities: AnthropicModelCapabilities;
  modelId: string;
}): { format?: JSONOutputFormat; warnings: WarningPart[] } {
  if (!capabilities.structuredOutput) {
    return {
      warnings: [
        {
          type: 'warning',
          code: 'structured_output_unsupported',
          message: `${modelId} does not take output_config.format (structured outputs came with Claude 4.5); the answer's format was not sent.`,
        },
      ],
    };
  }
  try {
    return {
      format: { type: 'json_schema', schema: transformJSONSchema(responseFormat.schema) },
      warnings: [],
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      warnings: [
        {
          type: 'warning',
          code: 'structured_output_unsupported',
          message: `The output schema cannot be sent as output_config.format (${reason}); the answer's format was not sent.`,
        },
      ],
    };
  }
}
