import {
  asArray,
  asObject,
  asString,
  toolDefinition,
  type JsonObject,
  type WireRequest,
} from './wire-request.js';
import { textOf } from './text-of.js';

/**
 * An Ollama `/api/chat` request, read as expectations see every wire: the first `system` message is the system
 * prompt, `tool` messages are the tool results, `think` is its thinking, `format` (a JSON Schema) its structured
 * output and `options.num_predict` its output limit. Ollama takes no tool choice.
 */
export function readOllamaRequest(body: JsonObject): WireRequest {
  const messages = asArray(body.messages).map(asObject);
  const toMessage = (message: JsonObject) => ({
    role: asString(message.role) ?? '?',
    text: textOf(message.content ?? ''),
  });
  const system = messages.find((message) => message.role === 'system');
  const first = messages.find((message) => message.role !== 'system');
  const last = messages.at(-1);
  const maxTokens = asObject(body.options).num_predict;
  const format = body.format;
  return {
    toolDefinitions: asArray(body.tools)
      .map((tool) => asObject(asObject(tool).function))
      .map((definition) => toolDefinition(definition.name, definition.description, definition.parameters)),
    ...(system === undefined ? {} : { system: textOf(system.content ?? '') }),
    ...(typeof maxTokens === 'number' ? { maxTokens } : {}),
    ...(body.think === undefined ? {} : { thinking: body.think }),
    ...(typeof format === 'object' && format !== null ? { outputFormat: { schema: format } } : {}),
    ...(first === undefined ? {} : { firstMessage: toMessage(first) }),
    ...(last === undefined ? {} : { lastMessage: toMessage(last) }),
    toolResults: messages.flatMap((message) =>
      message.role === 'tool' ? [textOf(message.content ?? '')] : [],
    ),
  };
}
