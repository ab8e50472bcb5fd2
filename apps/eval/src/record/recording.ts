import type { JsonValue } from '@toolloop/core';

/**
 * The newest version of the recording format, which this runner reads with every older one (docs/recordings.md).
 * Version 2 adds the answers of Ollama (`.response.ndjson`) and Bedrock (`.response.bin`) to version 1's; version
 * 3 adds the exchanges of a turn's judges and of a simulated user (`judge-M.*`, `user-M.*`). A recording is
 * written in the oldest version that holds it, so a runner that reads only version 1 still reads every recording
 * of the Messages API, OpenAI's APIs and Gemini with no judge and no simulated user.
 */
export const recordingFormatVersion = 3;

/** The versions of the recording format this runner reads. */
export const readableRecordingVersions = [1, 2, 3] as const;

/** A version of the recording format. */
export type RecordingFormatVersion = (typeof readableRecordingVersions)[number];

/** One model request as it was sent, secrets removed: what a replay's request is compared with. */
export interface RecordedModelRequest {
  method: string;
  /**
   * The path under the provider's base URL, such as `/v1/messages` or `/chat/completions`, with its query string
   * (`?alt=sse`): Gemini and Bedrock name the model in it.
   */
  path: string;
  /** The headers that shape the answer (API version, betas); keys and client noise are never kept. */
  headers: Record<string, string>;
  body: JsonValue;
}

/**
 * The answer to one model request: the bytes of a stream as they came (server-sent events, NDJSON, or Bedrock's
 * binary event stream: `findStreamFormat` of its content type), or an error.
 */
export type RecordedModelResponse =
  | { type: 'stream'; status: number; contentType: string; body: Uint8Array }
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
  /**
   * The requests of the models beside the agent's, made from the turn's start to the next turn's (or the run's
   * end), by role: the judges that graded the turn, and the simulated user that wrote its message (and, after the
   * last turn, gave up). Absent when there were none.
   */
  judges?: RecordedModelExchange[];
  users?: RecordedModelExchange[];
  toolCalls: RecordedToolCall[];
}

/**
 * The models beside the agent's whose exchanges a turn records, each with the stem of its files
 * (`turn-N/judge-M.request.json`).
 */
export const sideExchangeKinds = { judges: 'judge', users: 'user' } as const;

/** A role of a model beside the agent's: `judges` grade, `users` play the user. */
export type SideRole = keyof typeof sideExchangeKinds;

/** Every kind of exchange a turn records, the agent's first, with the stem of its files. */
export const exchangeKinds = { models: 'model', ...sideExchangeKinds } as const;

/** A whole recorded run of one scenario: what `toolloop-eval record` writes next to it. */
export interface Recording {
  version: RecordingFormatVersion;
  scenario: string;
  provider: string;
  model: string;
  /** The tools each real MCP server listed (`tools/list`), by server name. */
  servers: Record<string, JsonValue[]>;
  turns: RecordedTurn[];
}
