import type { ThinkingSettings } from '@toolloop/core';
import type { OllamaCapabilities } from './ollama-capabilities.js';

/** Options of `ollama()` from `@toolloop/providers/ollama`: the model, where Ollama is, and request defaults. */
export interface OllamaProviderOptions {
  /** The model name as Ollama knows it, such as `qwen3:8b` or `gpt-oss:20b`. */
  model: string;
  /**
   * Where Ollama serves its native API: `http://127.0.0.1:11434` by default, else the `OLLAMA_HOST`
   * environment variable when set. Also accepted as `baseURL`.
   */
  host?: string;
  /** The same as `host`, for code that names every server's address so. */
  baseURL?: string;
  /** Headers sent with every request, such as a proxy's `Authorization`. They never appear in errors. */
  headers?: Record<string, string>;
  /** How long Ollama keeps the model loaded after a request (`keep_alive`: `'10m'`, seconds, `-1` forever). */
  keepAlive?: string | number;
  /**
   * Model options sent with every request (`options`: `num_ctx`, `temperature`, `top_p`, `seed`…). A request's
   * own output limit and stop sequences go in `num_predict` and `stop` over these.
   */
  options?: Record<string, unknown>;
  /** The output limit (`num_predict`) for requests that set none. Default: none sent (Ollama's own). */
  maxTokens?: number;
  /** Thinking for requests that set none. Default: none sent, so a thinking model thinks (Ollama's default). */
  thinking?: ThinkingSettings;
  /** What the model accepts, over the catalogue's (see `OllamaCapabilities`). */
  capabilities?: Partial<OllamaCapabilities>;
  /** The `fetch` the client sends its requests with (a proxy, a recorder, an in-process fake). */
  fetch?: typeof globalThis.fetch;
}
