import type { JsonValue } from '@toolloop/core';
import { redactedMark } from './redact-recording.js';

/**
 * A Messages API request body with each content the API reads as one text block written as that text: a
 * `system`, a message's `content` or a `tool_result`'s `content` that is a list of one text block holding nothing
 * but its text. The API takes a string there as that one block, so the two forms are one request: a recording
 * made when a tool result went as a list answers the same request sent with its text. A tool result of an empty
 * text is one without content. Anything else is kept as it is, and the body given is not changed.
 */
export function toShortestMessagesForm(body: JsonValue): JsonValue {
  if (!isObject(body)) return body;
  const shortest: Record<string, JsonValue> = { ...body };
  if (body['system'] !== undefined) shortest['system'] = shortestContent(body['system']);
  const messages = body['messages'];
  if (Array.isArray(messages)) shortest['messages'] = messages.map(shortestMessage);
  return shortest;
}

function shortestMessage(message: JsonValue): JsonValue {
  if (!isObject(message) || message['content'] === undefined) return message;
  const content = shortestContent(message['content']);
  return {
    ...message,
    content: Array.isArray(content) ? content.map(shortestToolResult) : content,
  };
}

/** A tool result with its shortest content; an empty text as no content, which says as much. */
function shortestToolResult(block: JsonValue): JsonValue {
  if (!isObject(block) || block['type'] !== 'tool_result' || block['content'] === undefined) return block;
  const { content, ...rest } = block;
  const shortest = shortestContent(content);
  return shortest === '' ? rest : { ...rest, content: shortest };
}

/**
 * The text of a list of one text block that holds nothing but its text, and the mark of a list whose one block a
 * recording redacted whole (a path to the block redacts a string content whole); any other content as it is.
 */
function shortestContent(content: JsonValue): JsonValue {
  if (!Array.isArray(content) || content.length !== 1) return content;
  const [block] = content;
  if (block === redactedMark) return redactedMark;
  if (!isObject(block) || block['type'] !== 'text' || typeof block['text'] !== 'string') return content;
  return Object.keys(block).length === 2 ? block['text'] : content;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
