import type { JsonValue } from '@toolloop/core';

/** The version of the recording format this runner writes and reads (docs/recordings.md). */
export const recordingFormatVersion = 1;

/** One model request as it was sent, secrets removed: what a replay's request is compared with. */
export interface RecordedModelRequest {
  method: string;
  /** The path under the provider's base URL, such as `/v1/messages` or `/chat/completions`. */
  path: string;
  /** The headers that shape the answer (API version, betas); keys and client noise are never kept. */
  headers: Record<string, string>;
  body: JsonValue;
}

/** The answer to one model request: the bytes of a stream as they came, or an error. */
export type RecordedModelResponse =
  | { type: 'stream'; status: number; contentType: string; body: string }
  | { type: 'error'; status: number; headers: Record<string, string>; body: string };

/** One model request and its answer. */
export interface RecordedModelExchange {
  request: RecordedModelRequest;
  response: RecordedModelResponse;
}

/** One tool call a real MCP server answered. */
export interface RecordedToolCall {
  server: string;
  tool: string;
  arguments: JsonValue;
  /** The server's `CallToolResult`, as it sent it; or the JSON-RPC error it answered with. */
  result?: JsonValue;
  error?: JsonValue;
}

/** One turn of a recording. */
export interface RecordedTurn {
  /** The user's message; absent for a turn that continues a paused turn with its approvals. */
  user?: string;
  models: RecordedModelExchange[];
  toolCalls: RecordedToolCall[];
}

/** A whole recorded run of one scenario: what `toolloop-eval record` writes next to it. */
export interface Recording {
  version: typeof recordingFormatVersion;
  scenario: string;
  provider: string;
  model: string;
  /** The tools each real MCP server listed (`tools/list`), by server name. */
  servers: Record<string, JsonValue[]>;
  turns: RecordedTurn[];
}
