import type { OpenAI } from 'openai';
import type { ThinkingSettings } from '@toolloop/core';
import type { OpenAIResponsesCapabilities } from './openai-responses-capabilities.js';

/** Options of `openaiResponses()`: the model, the key, what the server keeps, and request defaults. */
export interface OpenAIResponsesProviderOptions {
  /** The model id, such as `gpt-5-mini`. */
  model: string;
  /** Defaults to `OPENAI_API_KEY`; a missing key fails the first request, not the import. Ignored with `client`. */
  apiKey?: string;
  /** Defaults to the SDK's (`OPENAI_BASE_URL`, else `https://api.openai.com/v1`). Ignored with `client`. */
  baseURL?: string;
  /** The output limit (`max_output_tokens`) for requests that set none. Default: none sent. */
  maxTokens?: number;
  /** Thinking for requests that set none. Default: none sent, so a reasoning model keeps its default effort. */
  thinking?: ThinkingSettings;
  /**
   * Whether OpenAI stores each response (`store`). Default false: nothing is kept on the server, and a
   * reasoning model's reasoning comes back encrypted, to be sent back whole with the next request.
   */
  store?: boolean;
  /**
   * Chains requests with `previous_response_id` (implies `store: true`): a request that goes on from the last
   * response this model streamed sends only the new input items; the server has the rest. Default false.
   */
  threads?: boolean;
  /** What the model accepts, over the catalogue's (see `OpenAIResponsesCapabilities`). */
  capabilities?: Partial<OpenAIResponsesCapabilities>;
  /** Retries of the SDK on connection errors, 408, 409, 429 and 5xx, honouring `retry-after`. Default 2. */
  maxRetries?: number;
  /** The `fetch` the SDK client sends its requests with (a proxy, a recorder, an in-process fake). Ignored with `client`. */
  fetch?: typeof globalThis.fetch;
  /** A client to use instead of creating one; `apiKey`, `baseURL`, `maxRetries` and `fetch` are then its own. */
  client?: OpenAI;
}
