import type { GoogleGenAI } from '@google/genai';
import type { ThinkingSettings } from '@toolloop/core';
import type { GeminiCapabilities } from './gemini-capabilities.js';

/** Options of `gemini()`: the model, the key, where to send requests, and request defaults. */
export interface GeminiProviderOptions {
  /** The model id, such as `gemini-2.5-flash` or `gemini-3-pro-preview`. */
  model: string;
  /**
   * Defaults to `GOOGLE_API_KEY`, else `GEMINI_API_KEY` (as the SDK reads them); a missing key fails the first
   * request, not the import. Ignored with `client`.
   */
  apiKey?: string;
  /** The API's origin (the SDK's `httpOptions.baseUrl`), such as a proxy or a fake; default Google's. */
  baseURL?: string;
  /** The output limit (`maxOutputTokens`) for requests that set none. Default: none sent. */
  maxTokens?: number;
  /** Thinking for requests that set none. Default: the model's own (its thoughts shown when it thinks). */
  thinking?: ThinkingSettings;
  /** What the model accepts, over the catalogue's (see `GeminiCapabilities`). */
  capabilities?: Partial<GeminiCapabilities>;
  /** Retries of the SDK on 408, 429 and 5xx answers. Default 2. */
  maxRetries?: number;
  /** The `fetch` the SDK sends its requests with (a proxy, a recorder, an in-process fake). Ignored with `client`. */
  fetch?: typeof globalThis.fetch;
  /** A client to use instead of creating one; `apiKey`, `baseURL`, `maxRetries` and `fetch` are then its own. */
  client?: GoogleGenAI;
}
