import type { Anthropic } from '@anthropic-ai/sdk';
import type { BetaContextManagementConfig } from '@anthropic-ai/sdk/resources/beta/messages';
import type { ThinkingSettings } from '@toolloop/core';
import type { AnthropicModelCapabilities } from './anthropic-model-capabilities.js';

/** Options of `anthropic()`: the model, how to reach the API, and request defaults. */
export interface AnthropicProviderOptions {
  /** The model id, such as `claude-sonnet-4-6`. */
  model: string;
  /** Defaults to `ANTHROPIC_API_KEY`; a missing key fails the first request, not the import. Ignored with `client`. */
  apiKey?: string;
  /** Defaults to the SDK's (`ANTHROPIC_BASE_URL`, else the public API). Ignored with `client`. */
  baseURL?: string;
  /** `max_tokens` for requests that set none. Default: the model's default from the capability table. */
  maxTokens?: number;
  /**
   * Thinking for requests that set none. Default: none sent, so the model keeps its own default (off up to the
   * 4.x models, on for the 5.x models, which cannot turn it off).
   */
  thinking?: ThinkingSettings;
  /**
   * Prompt caching: `cache_control` breakpoints on the last tool, the system prompt and the conversation, so
   * that each request reads the prefix the one before it wrote. Default: on where the model supports it (the
   * capability table), for prompts estimated to reach the model's minimum cacheable length. `false` sends no
   * breakpoints; `{ ttl: '1h' }` keeps entries an hour instead of five minutes (at a higher price per write).
   */
  promptCaching?: boolean | { ttl?: '5m' | '1h' };
  /**
   * Message threads: the server keeps the conversation between requests, so each request after the first sends
   * only the messages added since the last reply (`thread: {"type": "continue"}`) instead of the whole transcript.
   * A request that does not go on from the last reply (the first one, an edited history, a changed system prompt,
   * tool list, model or output settings, a reply that was refused or cut short) starts a new thread with the whole
   * conversation, and so does a request the server refuses because it lost the thread. A request the server
   * cannot thread is sent again without one (a `threads_unsupported` warning), and threads stay off. The
   * progressive prompt's round line goes at the end of the last user message, so it does not change the system
   * prompt. Default: off (threads are a beta of the Messages API, `message-threads-2026-08-12`).
   */
  threads?: boolean;
  /**
   * Anthropic's server-side context editing, sent as the request's `context_management` (a beta of the Messages
   * API, `context-management-2025-06-27`): past a trigger, the server clears old tool uses or thinking before the
   * model reads the request, as configured here. Each edit the server applied is reported as a
   * `context_edited` warning. The loop's own `contextLimit` does this on the client, for every provider.
   *
   * @example
   * anthropic({ model: 'claude-sonnet-4-6', contextManagement: { edits: [{ type: 'clear_tool_uses_20250919' }] } });
   */
  contextManagement?: BetaContextManagementConfig;
  /** Overrides entries of the capability table for this model (thinking mode, token limits, prompt caching). */
  capabilities?: Partial<AnthropicModelCapabilities>;
  /** Retries of the SDK on connection errors, 408, 409, 429 and 5xx, honouring `retry-after`. Default 2. */
  maxRetries?: number;
  /** The `fetch` the SDK client sends its requests with (a proxy, a recorder, an in-process fake); the global `fetch` by default. Ignored with `client`. */
  fetch?: typeof globalThis.fetch;
  /** A client to use instead of creating one (custom fetch, headers, proxies); `apiKey`, `baseURL`, `maxRetries` and `fetch` are then its own. */
  client?: Anthropic;
}
