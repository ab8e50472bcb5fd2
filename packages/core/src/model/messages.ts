import type { JsonObject, JsonValue } from '../json-value.js';

/** Plain text, from the user or the model. */
export interface TextPart {
  type: 'text';
  text: string;
  /**
   * What the provider needs to send the text back as the model gave it (the Responses API's message item id);
   * opaque to the loop and echoed unchanged.
   */
  providerData?: JsonObject;
}

/**
 * The model's visible reasoning. `providerData` holds what the provider needs to accept the block back
 * (Anthropic's `signature`); it is opaque to the loop and echoed byte for byte.
 */
export interface ThinkingPart {
  type: 'thinking';
  text: string;
  providerData?: JsonObject;
}

/** Reasoning the provider encrypted; `data` is opaque and must be sent back unchanged. */
export interface RedactedThinkingPart {
  type: 'redacted-thinking';
  data: string;
  providerData?: JsonObject;
}

/**
 * A tool call from the model. `input` is the parsed arguments; when the model sent arguments that are not
 * valid JSON (or nest deeper than 128 levels), `input` is `{}` and `inputError` says why, so the loop can answer
 * with an error result.
 */
export interface ToolCallPart {
  type: 'tool-call';
  id: string;
  name: string;
  input: JsonValue;
  /** The arguments as the model wrote them, kept only when they did not parse. */
  rawInput?: string;
  inputError?: string;
  providerData?: JsonObject;
}

/** One block of tool output content. */
export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mediaType: string }
  | { type: 'resource-link'; uri: string; name?: string; description?: string; mediaType?: string }
  | { type: 'resource'; uri: string; text?: string; blob?: string; mediaType?: string };

/** What a tool returned: content for the model, optional structured data, and whether it is an error. */
export interface ToolOutput {
  content: ToolContent[];
  structuredContent?: JsonObject;
  isError?: boolean;
}

/** The result of one tool call, matched to its call by `toolCallId`. */
export interface ToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: ToolOutput;
  isError: boolean;
}

export type UserContentPart = TextPart;
export type AssistantContentPart = TextPart | ThinkingPart | RedactedThinkingPart | ToolCallPart;

export interface UserMessage {
  role: 'user';
  content: string | UserContentPart[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: AssistantContentPart[];
}

/** The results of one assistant message's tool calls, in call order. */
export interface ToolMessage {
  role: 'tool';
  content: ToolResultPart[];
}

/** One message of a provider-neutral, JSON-serializable transcript. */
export type Message = UserMessage | AssistantMessage | ToolMessage;
