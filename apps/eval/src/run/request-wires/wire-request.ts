import type { JsonValue } from '@toolloop/core';
import type { RequestSummary, ToolDefinitionSummary } from '../../report/run-report.js';

/**
 * What one request carried, read from its wire's own body into the words scenario expectations use: tools with
 * their schemas, the tool choice in the Messages API's form (`{ type: auto | any | none | tool, name? }`), the
 * system prompt, messages as `{ role, text }` and tool results as their text.
 */
export type WireRequest = Omit<RequestSummary, 'index' | 'tools' | 'toolDefinitions' | 'stream'> & {
  toolDefinitions: ToolDefinitionSummary[];
};

/** A JSON object, or nothing: bodies are read defensively, since a hostile agent may send anything. */
export type JsonObject = { [key: string]: JsonValue | undefined };

export function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A tool as the summary lists it, leaving out what the wire did not send. */
export function toolDefinition(
  name: unknown,
  description: unknown,
  inputSchema: JsonValue | undefined,
): ToolDefinitionSummary {
  return {
    name: asString(name) ?? '?',
    ...(typeof description === 'string' ? { description } : {}),
    ...(inputSchema === undefined ? {} : { inputSchema }),
  };
}

/** The summary's first and last message, from the messages in order. */
export function endsOf(
  messages: ReadonlyArray<{ role: string; text: string }>,
): Pick<WireRequest, 'firstMessage' | 'lastMessage'> {
  const first = messages[0];
  const last = messages.at(-1);
  return {
    ...(first === undefined ? {} : { firstMessage: first }),
    ...(last === undefined ? {} : { lastMessage: last }),
  };
}
