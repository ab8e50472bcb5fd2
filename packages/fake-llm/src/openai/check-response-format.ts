import { findObjectSchemas } from '../internal/find-object-schemas.js';

/** A `response_format` chat completions refuse: the error's message, and its `param` and `code`. */
export interface ResponseFormatProblem {
  message: string;
  param: string;
  code: string | null;
}

const namePattern = /^[a-zA-Z0-9_-]+$/;

/**
 * What chat completions refuse in a `json_schema` response format, in OpenAI's words: no `json_schema` or no
 * `name`, a name that does not match its pattern, and with `strict: true`, an object schema whose
 * `additionalProperties` is not `false` or whose `required` leaves out one of its properties.
 */
export function checkResponseFormat(responseFormat: unknown): ResponseFormatProblem | undefined {
  if (!isRecord(responseFormat) || responseFormat.type !== 'json_schema') return undefined;
  const jsonSchema = responseFormat.json_schema;
  if (!isRecord(jsonSchema)) return missing('response_format.json_schema');
  const name = jsonSchema.name;
  if (name === undefined) return missing('response_format.json_schema.name');
  if (typeof name !== 'string' || !namePattern.test(name) || name.length > 64) {
    return {
      message: `Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '${namePattern.source}'.`,
      param: 'response_format.json_schema.name',
      code: 'invalid_value',
    };
  }
  if (jsonSchema.strict !== true) return undefined;
  for (const { path, schema } of findObjectSchemas(jsonSchema.schema)) {
    const context = toPythonTuple(path);
    if (schema.additionalProperties !== false) {
      return invalidSchema(
        name,
        `In context=${context}, 'additionalProperties' is required to be supplied and to be false.`,
      );
    }
    const properties = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    const left = properties.find((property) => !required.includes(property));
    if (left !== undefined) {
      return invalidSchema(
        name,
        `In context=${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${left}'.`,
      );
    }
  }
  return undefined;
}

function missing(param: string): ResponseFormatProblem {
  return { message: `Missing required parameter: '${param}'.`, param, code: 'missing_required_parameter' };
}

function invalidSchema(name: string, detail: string): ResponseFormatProblem {
  return {
    message: `Invalid schema for response_format '${name}': ${detail}`,
    param: 'response_format',
    code: null,
  };
}

/** A path as OpenAI's messages print it: a Python tuple, `()`, `('properties',)`, `('properties', 'a')`. */
function toPythonTuple(path: string[]): string {
  if (path.length === 0) return '()';
  const items = path.map((item) => `'${item}'`);
  return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
