import {
  asArray,
  asObject,
  asString,
  endsOf,
  joinSystemTexts,
  toolDefinition,
  toolMessage,
  type JsonObject,
  type WireRequest,
} from './wire-request.js';
import { textOf } from './text-of.js';

/**
 * An Ollama `/api/chat` request, read as expectations see every wire: its `system` messages are the system
 * prompt, `tool` messages are the tool results, `think` is its thinking, `format` (a JSON Schema) its structured
 * output and `options.num_predict` its output limit. Ollama takes no tool choice.
 */
export function readOllamaRequest(body: JsonObject): WireRequest {
  const messages = asArray(body.messages).map(asObject);
  const conversation = messages
    .filter((message) => message.role !== 'system')
    .map((message) =>
      message.role === 'tool'
        ? toolMessage(textOf(message.content ?? ''))
        : { role: asString(message.role) ?? '?', text: textOf(message.content ?? '') },
    );
  const maxTokens = asObject(body.options).num_predict;
  const format = body.format;
  return {
    toolDefinitions: asArray(body.tools)
      .map((tool) => asObject(asObject(tool).function))
      .map((definition) => toolDefinition(definition.name, definition.description, definition.parameters)),
    ...joinSystemTexts(
      messages.filter((message) => message.role === 'system').map((message) => textOf(message.content ?? '')),
    ),
    ...(typeof maxTokens === 'number' ? { maxTokens } : {}),
    ...(body.think === undefined ? {} : { thinking: body.think }),
    ...(typeof format === 'object' && format !== null ? { outputFormat: { schema: format } } : {}),
    ...endsOf(conversation),
    toolResults: messages.flatMap((message) =>
      message.role === 'tool' ? [textOf(message.content ?? '')] : [],
    ),
  };
}
