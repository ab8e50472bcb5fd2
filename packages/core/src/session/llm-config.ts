import type { ThinkingEffort } from '../model/model.js';

/** Which provider a session talks to; `claude` and `anthropic` are the same. */
export type LlmProviderType = 'claude' | 'anthropic' | 'openai' | 'ollama';

/** An MCP server started as a child process (seed 000's `servers` entries). */
export interface LlmStdioServerConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** An MCP server reached over streamable HTTP. */
export interface LlmHttpServerConfig {
  url: string;
  headers?: Record<string, string>;
}

/** One entry of `servers`: a child process or a URL. */
export type LlmServerConfig = LlmStdioServerConfig | LlmHttpServerConfig;

/**
 * The host's config for one session, in the seed's snake_case shape (seed 000's `LLMConfig`), plus the loop's
 * own limits. Validate untrusted input with `parseLlmConfig`. Every limit is optional; the loop's defaults apply.
 */
export interface LlmConfig {
  type: LlmProviderType;
  /** Optional: when missing, the session reads it from the environment (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`). */
  api_key?: string;
  model: string;
  system_prompt?: string;
  /** Where the provider's API lives, for proxies, compatible servers and fakes. */
  base_url?: string;
  servers?: Record<string, LlmServerConfig>;
  /** A number is the per-message limit; per-session limits count across every turn of the session. */
  max_tool_calls?: number | { per_message?: number; per_session?: number };
  /** On by default; providers turn it off with a warning for models that cannot think. */
  thinking?: { enabled?: boolean; budget_tokens?: number; effort?: ThinkingEffort };
  /** Model requests per turn (`max_iterations` stop). */
  max_iterations?: number;
  /** Tool rounds per turn, then one last answer without tools (`max_rounds`). */
  max_rounds?: number;
  /** Tool errors in a row that end the turn. */
  max_consecutive_errors?: number;
  /** The whole turn's deadline. */
  timeout_ms?: number;
  /** One tool call's deadline. */
  tool_timeout_ms?: number;
  /** The longest answer per model request, in tokens. */
  max_tokens?: number;
}

/** A config as stored with a session and returned by `getSession`: everything but the API key. */
export type StoredLlmConfig = Omit<LlmConfig, 'api_key'>;
