import type { OpenAI } from 'openai';
import type { ThinkingSettings } from '@toolloop/core';
import type { OpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';

/** Options of `openaiCompatible()`: the server, the model, and request defaults. */
export interface OpenAICompatibleProviderOptions {
  /** The server's chat completions base URL, such as `http://localhost:8000/v1`. Ignored with `client`. */
  baseURL: string;
  /** The model id the server knows, such as `deepseek-chat`. */
  model: string;
  /** Sent as a bearer token; without one, no `Authorization` header is sent. Ignored with `client`. */
  apiKey?: string;
  /** The provider name on the model and in errors, such as `vllm`. Default `openai-compatible`. */
  name?: string;
  /** The output limit for requests that set none. Default: none sent, so the server's default applies. */
  maxTokens?: number;
  /** Thinking for requests that set none. Default: none sent. */
  thinking?: ThinkingSettings;
  /**
   * Keeps each request's prefix byte for byte the one before it sent, for the server's automatic prefix cache
   * (OpenAI's prompt caching, vLLM's and llama.cpp's prefix reuse): the progressive prompt's round line goes in a
   * `system` message at the end of the request instead of the first one. Default true; `false` keeps the whole
   * system prompt first, for chat templates that take a system message only first.
   */
  promptCaching?: boolean;
  /** What the server accepts, over the provider's defaults (see `OpenAICompatibleCapabilities`). */
  capabilities?: Partial<OpenAICompatibleCapabilities>;
  /** Retries of the SDK on connection errors, 408, 409, 429 and 5xx, honouring `retry-after`. Default 2. */
  maxRetries?: number;
  /** The `fetch` the SDK client sends its requests with (a proxy, a recorder, an in-process fake); the global `fetch` by default. Ignored with `client`. */
  fetch?: typeof globalThis.fetch;
  /** A client to use instead of creating one (custom fetch, headers, proxies); `apiKey`, `baseURL`, `maxRetries` and `fetch` are then its own. */
  client?: OpenAI;
}

/** Options of `openai()`: like `openaiCompatible()`, with OpenAI's URL and the key from `OPENAI_API_KEY`. */
export interface OpenAIProviderOptions extends Omit<OpenAICompatibleProviderOptions, 'baseURL' | 'name'> {
  /** Defaults to `OPENAI_API_KEY`; a missing key fails the first request, not the import. Ignored with `client`. */
  apiKey?: string;
  /** Defaults to the SDK's (`OPENAI_BASE_URL`, else `https://api.openai.com/v1`). Ignored with `client`. */
  baseURL?: string;
}

/** Options of `ollamaOpenAI()`: like `openaiCompatible()`, with Ollama's local URL and no key needed. */
export interface OllamaOpenAIProviderOptions extends Omit<
  OpenAICompatibleProviderOptions,
  'baseURL' | 'name'
> {
  /** Default `http://localhost:11434/v1`. Ignored with `client`. */
  baseURL?: string;
}
