/**
 * A value that survives `JSON.stringify` / `JSON.parse` unchanged. Not exported from the package: the public name
 * is `@toolloop/core`'s `JsonValue`, the same type. The fake keeps its own because it depends on no toolloop
 * package it tests (and is used without the loop, to test other clients).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A tool call the fake LLM makes: parsed `input`, or `rawInput` to send arguments that are not valid JSON. */
export type LlmToolCall =
  { id?: string; name: string; input?: JsonValue } | { id?: string; name: string; rawInput: string };

/**
 * Token counts the fake reports, counted as `@toolloop/core`'s `Usage` is: the prompt is `inputTokens +
 * cacheReadTokens + cacheWriteTokens`. Each wire reports them in its own fields (a wire that counts cached tokens
 * inside its input count adds them in). When absent the fake estimates the input and output tokens from the
 * request and the answer, and reports no cache use (on the Messages API, what its prompt cache read and wrote).
 */
export interface LlmUsage {
  /** Input tokens neither read from nor written to the prompt cache. */
  inputTokens?: number;
  outputTokens?: number;
  /** Input tokens read from the prompt cache. */
  cacheReadTokens?: number;
  /** Input tokens written to the prompt cache. */
  cacheWriteTokens?: number;
}

/** An HTTP error instead of an answer, in the provider's error JSON shape. */
export interface LlmError {
  status: number;
  /** The provider's error type, such as `overloaded_error`; defaults from the status. */
  type?: string;
  message?: string;
  /** Seconds, sent as the `retry-after` header. */
  retryAfter?: number;
}

/**
 * The fake LLM's answer to one request: the `llm` steps of a scenario file (docs/scenario-format.md). Content is
 * streamed in field order (thinking, redacted thinking, text, thinking after text, tool calls); the delivery and fault fields change
 * how it is sent.
 */
export interface LlmStep {
  /** A thinking block; the fake signs it and expects it back unchanged in later requests. */
  thinking?: string;
  /** A redacted thinking block's opaque `data`, expected back unchanged. */
  redactedThinking?: string;
  text?: string;
  /**
   * Thinking the model does again after its text, before its tool calls. On the Responses API only: a second
   * reasoning item between the message and the function calls, as GPT-5 models answer when they write a few words
   * before calling a tool; it is expected back right before the calls, as the first is before the message. It
   * needs `thinking`, `text` and `toolCalls`. The other wires have no such answer and leave it out.
   */
  thinkingAfterText?: string;
  toolCalls?: LlmToolCall[];
  /** Overrides the natural stop reason (`tool_use` with tool calls, `end_turn` otherwise). */
  stopReason?: string;
  usage?: LlmUsage;
  /** Waits this long before the first byte. */
  delayMs?: number;
  /** Waits this long between events. */
  chunkDelayMs?: number;
  /** Answers with an HTTP error instead; a retried request takes the next step. */
  error?: LlmError;
  /** Sends this many events, then ends the stream without its end. */
  truncate?: { afterEvents: number };
  /** Sends the headers, then nothing until the client goes away (after `truncate.afterEvents` events, if set). */
  hang?: boolean;
  /** Sends a recorded `.sse` or `.chunks.jsonl` stream as it is; relative paths start at the script's directory. */
  replay?: string;
  /**
   * What the request must offer as tools: `false` none, `true` at least one, a list exactly those names (any
   * order). A mismatch is recorded as a violation; the step is still answered.
   */
  expectTools?: boolean | string[];
}
