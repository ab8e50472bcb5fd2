import type { Message, Tool, ToolCall } from 'ollama';
import type { JsonObject } from '@toolloop/core';

/** A tool call as Ollama's server reads and sends it: the client's type, with the id and index the server adds. */
export type OllamaWireToolCall = ToolCall & { id?: string; function: { index?: number } };

/** A message as this provider sends it: the client's type, with the fields the server also reads. */
export interface OllamaWireMessage extends Message {
  tool_calls?: OllamaWireToolCall[];
  /** The id of the call a `tool` message answers (Ollama reads it besides `tool_name`). */
  tool_call_id?: string;
}

/** The body of one streamed `POST /api/chat`, as this provider sends it. */
export interface OllamaChatBody {
  model: string;
  messages: OllamaWireMessage[];
  tools?: Tool[];
  /** `true`, or a level for gpt-oss; left out to keep the model's default. */
  think?: boolean | 'low' | 'medium' | 'high';
  /** The answer's JSON schema (structured output). */
  format?: JsonObject;
  /** Model options: `num_ctx`, `temperature`, `num_predict`, `stop`… */
  options?: Record<string, unknown>;
  keep_alive?: string | number;
  stream: true;
}
