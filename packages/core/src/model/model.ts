import type { JsonObject } from '../json-value.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { AssistantContentPart, Message } from './messages.js';
import type { Usage } from './usage.js';

/** How hard the model may think. Providers turn this into what the model accepts (a budget, an effort level). */
export interface ThinkingSettings {
  enabled: boolean;
  /** A token budget, for models that take one. */
  budgetTokens?: number;
  /** An effort level, for models that take one. */
  effort?: ThinkingEffort;
}

export type ThinkingEffort = 'low' | 'medium' | 'high' | 'max';

/** Which tools the model may or must call. */
export type ToolChoice =
  { type: 'auto' } | { type: 'required' } | { type: 'none' } | { type: 'tool'; name: string };

/**
 * The answer as JSON matching a schema (structured output), for models that constrain their output themselves
 * (`supportsStructuredOutput`): Anthropic's `output_config.format`, chat completions' `response_format`.
 */
export interface ResponseFormat {
  type: 'json';
  /** The JSON Schema the answer matches. */
  schema: JsonObject;
  /** A name for the schema (chat completions require one): letters, digits, `_` and `-`. */
  name: string;
}

/** One request to a model: everything a provider needs to make one streaming call. */
export interface ModelRequest {
  /** The system prompt, whole: what a provider that caches no prompt prefix sends. */
  system?: string;
  /**
   * The end of `system` that changes from request to request of a turn (the progressive prompt's line for the
   * round), when it has one: `system` ends with it, after a blank line when a stable part comes before. A
   * provider that caches the prompt's prefix may send it after the cached part instead (at the end of the
   * request), so that it never invalidates the cache. Ignore it when `system` does not end with it.
   */
  volatileSystemSuffix?: string;
  messages: Message[];
  /** Tools defined for the model; an empty list means none. With `toolChoice: none` it may call none of them. */
  tools: ToolDefinition[];
  /** Which tools the model may call. `none` on a request with tools: answer without calling any. */
  toolChoice?: ToolChoice;
  thinking?: ThinkingSettings;
  maxTokens?: number;
  /** When set, the provider asks the model for at most this many tool calls per response (if it can). */
  maxToolsPerResponse?: number;
  stopSequences?: string[];
  /** The answer's format; sent only to models with `supportsStructuredOutput`. */
  responseFormat?: ResponseFormat;
  /** Aborts the HTTP request and ends the stream with an error. */
  signal: AbortSignal;
}

/** Why the model stopped producing output, in provider-neutral words. */
export type FinishReason =
  | 'end'
  | 'tool_calls'
  | 'max_tokens'
  | 'stop_sequence'
  | 'refusal'
  | 'pause'
  | 'context_window_exceeded'
  | 'other';

/**
 * A fragment of text, for live display; the whole block follows as a `text` part. An empty fragment
 * shows nothing (the whole block is then shown when it comes).
 */
export interface TextDeltaPart {
  type: 'text-delta';
  text: string;
}

/**
 * A fragment of thinking, for live display; the whole block follows as a `thinking` part. An empty fragment
 * shows nothing (the whole block is then shown when it comes).
 */
export interface ThinkingDeltaPart {
  type: 'thinking-delta';
  text: string;
}

/** Something the caller should know that is not an error, such as a setting the model does not support. */
export interface WarningPart {
  type: 'warning';
  code: string;
  message: string;
}

/** The last part of every successful stream. */
export interface FinishPart {
  type: 'finish';
  finishReason: FinishReason;
  usage: Usage;
  /** The provider's own word for the reason, for reports (`end_turn`, `stop`, ...). */
  rawFinishReason?: string;
  providerData?: JsonObject;
}

/**
 * What a model stream yields. Deltas are for live display; each content block is then yielded whole (an
 * `AssistantContentPart`), in order, and those whole parts are what goes into the transcript. A stream that
 * ends without a `finish` part was cut off.
 */
export type ModelStreamPart =
  AssistantContentPart | TextDeltaPart | ThinkingDeltaPart | WarningPart | FinishPart;

/**
 * The contract providers implement: one streaming call. A provider throws `ModelError` for failures it could
 * not recover from (after its own retries) and stops promptly when `request.signal` aborts.
 */
export interface Model {
  /** The provider's name, such as `anthropic` or `openai`. */
  readonly provider: string;
  /** The model id sent to the provider. */
  readonly modelId: string;
  /**
   * Whether the model constrains its answer to a request's `responseFormat` itself (native structured
   * output). Without it, a turn with `output` asks for the answer through a `final_answer` tool.
   */
  readonly supportsStructuredOutput?: boolean;
  stream(request: ModelRequest): AsyncIterable<ModelStreamPart>;
}
