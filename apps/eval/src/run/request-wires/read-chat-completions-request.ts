import type { JsonValue } from '@toolloop/core';
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
 * A chat completions request (`/v1/chat/completions`), read as expectations see every wire: the system prompt
 * is its `system` messages (the first, and the round line a progressive prompt adds at the end), tools are
 * functions, `reasoning_effort` is its thinking.
 */
export function readChatCompletionsRequest(body: JsonObject): WireRequest {
  const messages = asArray(body.messages).map(asObject);
  const isSystem = (message: JsonObject) => message.role === 'system' || message.role === 'developer';
  const conversation = messages
    .filter((message) => !isSystem(message))
    .map((message) =>
      message.role === 'tool'
        ? toolMessage(textOf(message.content ?? ''))
        : { role: asString(message.role) ?? '?', text: textOf(message.content ?? '') },
    );
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  const format = asObject(body.response_format);
  const schema = asObject(format.json_schema);
  const toolChoice = toChoice(body);
  return {
    toolDefinitions: asArray(body.tools)
      .map(asObject)
      .map((tool) => {
        const definition = asObject(tool.function ?? tool);
        return toolDefinition(definition.name, definition.description, definition.parameters);
      }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...joinSystemTexts(messages.filter(isSystem).map((message) => textOf(message.content ?? ''))),
    ...(typeof maxTokens === 'number' ? { maxTokens } : {}),
    ...(body.reasoning_effort === undefined ? {} : { thinking: body.reasoning_effort }),
    ...(format.type === 'json_schema' && format.json_schema !== undefined
      ? {
          outputFormat: {
            ...(typeof schema.name === 'string' ? { name: schema.name } : {}),
            ...(schema.schema === undefined ? {} : { schema: schema.schema }),
          },
        }
      : {}),
    ...endsOf(conversation),
    toolResults: messages.flatMap((message) =>
      message.role === 'tool' ? [textOf(message.content ?? '')] : [],
    ),
  };
}

/**
 * The tool choice (chat completions', or the Responses API's) in the Messages API's words: `"none"` and `"auto"` as `{ type }`, `"required"` as
 * `{ type: "any" }`, a named function as `{ type: "tool", name }`; `parallel_tool_calls: false` as
 * `disable_parallel_tool_use: true` (with `auto` when no choice was sent).
 */
export function toChoice(body: JsonObject): JsonValue | undefined {
  const neutral = body.tool_choice === undefined ? undefined : toNeutralToolChoice(body.tool_choice);
  if (body.parallel_tool_calls !== false) return neutral;
  const known =
    typeof neutral === 'object' && neutral !== null && !Array.isArray(neutral) ? neutral : { type: 'auto' };
  return { ...known, disable_parallel_tool_use: true };
}

/** Chat completions' (and the Responses API's) `tool_choice` in the Messages API's words. */
export function toNeutralToolChoice(choice: JsonValue): JsonValue {
  if (choice === 'required') return { type: 'any' };
  if (typeof choice === 'string') return { type: choice };
  const named = asObject(choice);
  // Chat completions name the function inside `function`; the Responses API beside `type: "function"`.
  const name = asObject(named.function).name ?? (named.type === 'function' ? named.name : undefined);
  if (typeof name === 'string') return { type: 'tool', name };
  return choice;
}
