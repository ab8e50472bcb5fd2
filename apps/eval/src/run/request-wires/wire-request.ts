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

/** One message as the summary shows it: its role, its text, and whether it holds tool results. */
export interface WireMessage {
  role: string;
  text: string;
  holdsToolResults?: true;
}

/** A `tool` message of chat-like wires: one tool result, its text. */
export function toolMessage(text: string): WireMessage {
  return { role: 'tool', text, holdsToolResults: true };
}

/**
 * The summary's first and last message, and how many there are, from the messages in order (system messages left
 * out): consecutive tool
 * messages (chat completions, the Responses API and Ollama send one per result) count as one, their texts by
 * lines, as the Messages API sends every result of a round in one message.
 */
export function endsOf(
  messages: readonly WireMessage[],
): Pick<WireRequest, 'firstMessage' | 'lastMessage' | 'messageCount'> {
  // Each run of tool messages keeps its texts and joins them once: a round of many results is not copied whole
  // for each result.
  const merged: Array<{ message: WireMessage; texts?: string[] }> = [];
  for (const message of messages) {
    const previous = merged.at(-1);
    if (previous?.message.role === 'tool' && message.role === 'tool')
      (previous.texts ??= [previous.message.text]).push(message.text);
    else merged.push({ message });
  }
  const joined = (entry: (typeof merged)[number] | undefined): WireMessage | undefined =>
    entry?.texts === undefined
      ? entry?.message
      : { ...entry.message, text: entry.texts.filter(Boolean).join('\n') };
  const first = joined(merged[0]);
  const last = joined(merged.at(-1));
  return {
    ...(first === undefined ? {} : { firstMessage: first }),
    ...(last === undefined ? {} : { lastMessage: last }),
    messageCount: merged.length,
  };
}

/** The system prompt of wires that send it as messages: their texts, by blank lines (the round line included). */
export function joinSystemTexts(texts: readonly string[]): Pick<WireRequest, 'system'> {
  return texts.length === 0 ? {} : { system: texts.join('\n\n') };
}
