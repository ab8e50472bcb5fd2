import { findObjectSchemas } from '../../internal/find-object-schemas.js';
import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';

const namePattern = /^[a-zA-Z0-9_-]+$/u;

/** A `json_schema` response format without its `json_schema`, or without the schema's `name`. */
export const responseFormatJsonSchemaRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/response-format-json-schema',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary: 'A json_schema response_format without json_schema, or without its name.',
  source:
    'OpenAI, create chat completion (https://platform.openai.com/docs/api-reference/chat/create): name is ' +
    'required; the message form OpenAI gives for every missing parameter.',
  check({ body }) {
    const format = readJsonSchemaFormat(body);
    if (format === undefined) return undefined;
    if (!isRecord(format.json_schema)) return missing('response_format.json_schema');
    return format.json_schema.name === undefined ? missing('response_format.json_schema.name') : undefined;
  },
};

/** A `json_schema` name other than letters, digits, `_` and `-`, or longer than 64. */
export const responseFormatNameRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/response-format-name',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    'A json_schema name with characters other than letters, digits, underscores and dashes, or over 64.',
  source:
    "OpenAI, create chat completion (https://platform.openai.com/docs/api-reference/chat/create): the name's " +
    'pattern; the message form OpenAI gives for tool names.',
  check({ body }) {
    const name = readJsonSchema(body)?.name;
    if (name === undefined) return undefined;
    if (typeof name === 'string' && namePattern.test(name) && name.length <= 64) return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      message: `Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '${namePattern.source}'.`,
      param: 'response_format.json_schema.name',
      code: 'invalid_value',
    };
  },
};

/**
 * With `strict: true`, an object schema whose `additionalProperties` is not `false`, or whose `required` leaves out
 * one of its properties.
 */
export const responseFormatStrictSchemaRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/response-format-strict-schema',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    'A strict json_schema with an object schema whose additionalProperties is not false, or whose required ' +
    'leaves out one of its properties.',
  source:
    'OpenAI, structured outputs, supported schemas ' +
    '(https://platform.openai.com/docs/guides/structured-outputs#supported-schemas); the messages as reported to ' +
    'https://github.com/moeru-ai/xsai/issues/202 and https://github.com/dottxt-ai/outlines/issues/844.',
  check({ body }) {
    const jsonSchema = readJsonSchema(body);
    if (jsonSchema?.strict !== true) return undefined;
    const name = shortenForMessage(String(jsonSchema.name));
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
  },
};

function readJsonSchemaFormat(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const format = body.response_format;
  return isRecord(format) && format.type === 'json_schema' ? format : undefined;
}

function readJsonSchema(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const jsonSchema = readJsonSchemaFormat(body)?.json_schema;
  return isRecord(jsonSchema) ? jsonSchema : undefined;
}

function missing(param: string): RuleRefusal {
  return {
    status: 400,
    type: 'invalid_request_error',
    message: `Missing required parameter: '${param}'.`,
    param,
    code: 'missing_required_parameter',
  };
}

function invalidSchema(name: string, detail: string): RuleRefusal {
  return {
    status: 400,
    type: 'invalid_request_error',
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
