import type { DefinitionSchema, RequestDefinition } from '../definitions/request-definition.js';

/** A field of one type that may also be `null`, which Go's decoder takes for any field (it leaves it unset). */
function nullable(type: 'string' | 'boolean' | 'integer' | 'object' | 'array', rest: DefinitionSchema = {}) {
  return { type: [type, 'null'], ...rest } satisfies DefinitionSchema;
}

/**
 * The body of `POST /api/chat` as Ollama's server decodes it: the Go types of `api.ChatRequest`, `api.Message`,
 * `api.ToolCall` and `api.Tool` in github.com/ollama/ollama api/types.go, written out by hand (no published
 * schema describes what the server takes: docs/openapi.yaml requires `messages` and a message's `content`, which
 * the server does not). Go's decoder takes any field it does not know and leaves out any it does, so nothing is
 * required and no field is refused for being unknown: only a value of another type is. `think` takes a boolean
 * or a level, as `api.ThinkValue` does.
 */
export const ollamaChatDefinition: RequestDefinition = {
  source: {
    origin: "Ollama's server, its request types (api/types.go), written out by hand",
    version: 'github.com/ollama/ollama at fb30760 (2026-08-21)',
    url: 'https://github.com/ollama/ollama/blob/fb30760996871fa9460115c753afd2c60d4ab0f7/api/types.go',
    entry: 'api.ChatRequest',
  },
  root: { $ref: '#/definitions/ChatRequest' },
  definitions: {
    ChatRequest: {
      type: 'object',
      properties: {
        model: nullable('string'),
        messages: nullable('array', { items: { $ref: '#/definitions/Message' } }),
        stream: nullable('boolean'),
        // json.RawMessage: any JSON value.
        format: {},
        keep_alive: { type: ['string', 'number', 'null'] },
        tools: nullable('array', { items: { $ref: '#/definitions/Tool' } }),
        options: nullable('object'),
        think: { anyOf: [{ type: ['boolean', 'null'] }, { enum: ['high', 'medium', 'low', 'max'] }] },
        truncate: nullable('boolean'),
        shift: nullable('boolean'),
        logprobs: nullable('boolean'),
        top_logprobs: nullable('integer'),
      },
    },
    Message: {
      type: 'object',
      properties: {
        role: nullable('string'),
        content: nullable('string'),
        thinking: nullable('string'),
        images: nullable('array', { items: nullable('string') }),
        tool_calls: nullable('array', { items: { $ref: '#/definitions/ToolCall' } }),
        tool_name: nullable('string'),
        tool_call_id: nullable('string'),
      },
    },
    ToolCall: {
      type: ['object', 'null'],
      properties: {
        id: nullable('string'),
        function: {
          type: ['object', 'null'],
          properties: {
            index: nullable('integer'),
            name: nullable('string'),
            arguments: nullable('object'),
          },
        },
      },
    },
    Tool: {
      type: ['object', 'null'],
      properties: {
        type: nullable('string'),
        function: {
          type: ['object', 'null'],
          properties: {
            name: nullable('string'),
            description: nullable('string'),
            parameters: nullable('object', {
              properties: {
                type: nullable('string'),
                required: nullable('array', { items: { type: 'string' } }),
              },
            }),
          },
        },
      },
    },
  },
  modelIds: [],
};

/**
 * The Go type of each field as the decoder names it in its errors, by the field's path without indexes (`[]`
 * marks an item of a list).
 */
export const ollamaChatGoTypes: Readonly<Record<string, string>> = {
  model: 'string',
  messages: '[]api.Message',
  'messages[]': 'api.Message',
  'messages.tool_calls[]': 'api.ToolCall',
  'tools[]': 'api.Tool',
  'tools.function.parameters.required[]': 'string',
  stream: 'bool',
  tools: 'api.Tools',
  options: 'map[string]interface {}',
  truncate: 'bool',
  shift: 'bool',
  logprobs: 'bool',
  top_logprobs: 'int',
  'messages.role': 'string',
  'messages.content': 'string',
  'messages.thinking': 'string',
  'messages.images': '[]api.ImageData',
  'messages.images[]': 'api.ImageData',
  'messages.tool_calls': '[]api.ToolCall',
  'messages.tool_calls.id': 'string',
  'messages.tool_calls.function': 'api.ToolCallFunction',
  'messages.tool_calls.function.index': 'int',
  'messages.tool_calls.function.name': 'string',
  'messages.tool_name': 'string',
  'messages.tool_call_id': 'string',
  'tools.type': 'string',
  'tools.function': 'api.ToolFunction',
  'tools.function.name': 'string',
  'tools.function.description': 'string',
  'tools.function.parameters': 'api.ToolFunctionParameters',
  'tools.function.parameters.type': 'string',
  'tools.function.parameters.required': '[]string',
};
