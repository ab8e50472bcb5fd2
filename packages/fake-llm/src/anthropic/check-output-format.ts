import { findObjectSchemas } from '../internal/find-object-schemas.js';

/**
 * What the Messages API refuses in `output_config.format` (or the beta's top-level `output_format`), in its
 * words: a format that is not `{ type: 'json_schema', schema }`, or an object schema anywhere in it whose
 * `additionalProperties` is not `false`. `undefined` when there is nothing to refuse.
 */
export function checkOutputFormat(fields: Record<string, unknown>): string | undefined {
  const config = fields.output_config;
  const inConfig = isRecord(config) && config.format !== undefined && config.format !== null;
  const format = inConfig ? config.format : fields.output_format;
  if (format === undefined || format === null) return undefined;
  const field = inConfig ? 'output_config.format' : 'output_format';
  if (!isRecord(format))
    return `${field}: Input should be a valid dictionary or object to extract fields from`;
  if (format.type !== 'json_schema') return `${field}.type: Input should be 'json_schema'`;
  if (format.schema === undefined) return `${field}.schema: Field required`;
  if (!isRecord(format.schema)) return `${field}.schema: Input should be a valid dictionary`;
  for (const { schema } of findObjectSchemas(format.schema)) {
    if (schema.additionalProperties === true) {
      return `${field}.schema: For 'object' type, 'additionalProperties: true' is not supported. Please set 'additionalProperties' to false`;
    }
    if (schema.additionalProperties !== false) {
      return `${field}.schema: For 'object' type, 'additionalProperties' must be explicitly set to false`;
    }
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
