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
import { toChoice } from './read-chat-completions-request.js';
import { textOf } from './text-of.js';

/**
 * An OpenAI Responses API request (`/v1/responses`), read as expectations see every wire: `instructions` and
 * system or developer messages are the system prompt, message items and function call outputs (role `tool`) are
 * the messages, `reasoning` is its thinking and `text.format` its structured output.
 */
export function readResponsesRequest(body: JsonObject): WireRequest {
  const items =
    typeof body.input === 'string'
      ? [{ role: 'user', content: body.input }]
      : asArray(body.input).map(asObject);
  const isSystem = (item: JsonObject) => item.role === 'system' || item.role === 'developer';
  const instructions = asString(body.instructions);
  const systemTexts = [
    ...(instructions === undefined ? [] : [instructions]),
    ...items.filter(isSystem).map((item) => textOfItem(item) ?? ''),
  ];
  const messages = items.flatMap((item) => {
    if (item.type === 'function_call_output') return [toolMessage(textOf(item.output ?? ''))];
    if (item.type === 'function_call') return [{ role: 'assistant', text: '' }];
    if ((item.type === undefined || item.type === 'message') && !isSystem(item))
      return [{ role: asString(item.role) ?? '?', text: textOfItem(item) ?? '' }];
    return [];
  });
  const format = asObject(asObject(body.text).format);
  const toolChoice = toChoice(body);
  return {
    toolDefinitions: asArray(body.tools)
      .map(asObject)
      .filter((tool) => tool.type === 'function')
      .map((tool) => toolDefinition(tool.name, tool.description, tool.parameters)),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...joinSystemTexts(systemTexts),
    ...(typeof body.max_output_tokens === 'number' ? { maxTokens: body.max_output_tokens } : {}),
    ...(body.reasoning === undefined ? {} : { thinking: body.reasoning }),
    ...(format.type === 'json_schema'
      ? {
          outputFormat: {
            ...(typeof format.name === 'string' ? { name: format.name } : {}),
            ...(format.schema === undefined ? {} : { schema: format.schema }),
          },
        }
      : {}),
    ...endsOf(messages),
    toolResults: messages.flatMap((message) => (message.role === 'tool' ? [message.text] : [])),
  };
}

/** A message item's text: its string content, or its `input_text` and `output_text` parts. */
function textOfItem(item: JsonObject | undefined): string | undefined {
  return item === undefined ? undefined : textOf(item.content ?? '');
}
