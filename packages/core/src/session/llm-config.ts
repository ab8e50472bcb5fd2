import type { ThinkingEffort } from '../model/model.js';

/**
 * Which API a session talks to: `claude` and `anthropic` (the Messages API, the same), `openai` (chat
 * completions), `openai-responses` (OpenAI's Responses API), `gemini` (Google's Gemini API), `bedrock` (AWS
 * Bedrock's Converse API), `ollama` (Ollama's own `/api/chat`) and `ollama-openai` (Ollama's OpenAI-compatible
 * `/v1` layer).
 */
export type LlmProviderType =
  'claude' | 'anthropic' | 'openai' | 'openai-responses' | 'gemini' | 'bedrock' | 'ollama' | 'ollama-openai';

/**
 * An MCP server started as a child process. `env` values may read the host's environment as `${NAME}` when
 * the server starts; a value without a reference is a secret kept in memory only, never stored.
 */
export interface LlmStdioServerConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * An MCP server reached over streamable HTTP. `headers` values may read the host's environment as `${NAME}`
 * (`Bearer ${MCP_TOKEN}`) when it connects; a value without a reference is a secret kept in memory only.
 */
export interface LlmHttpServerConfig {
  url: string;
  headers?: Record<string, string>;
}

/** One entry of `servers`: a child process or a URL. */
export type LlmServerConfig = LlmStdioServerConfig | LlmHttpServerConfig;

/**
 * The host's config for one session (snake_case, the `LLMConfig` shape hosts already write), plus the loop's
 * own limits. Validate untrusted input with `parseLlmConfig`. Every limit is optional; the loop's defaults apply.
 */
export interface LlmConfig {
  type: LlmProviderType;
  /**
   * Optional: when missing, the session reads it from the environment (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`,
   * `GEMINI_API_KEY`). Bedrock takes none: its credentials come from the AWS credential chain.
   */
  api_key?: string;
  model: string;
  system_prompt?: string;
  /** Where the provider's API lives, for proxies, compatible servers and fakes. */
  base_url?: string;
  /** Bedrock only: the AWS region (default: the AWS SDK's, from `AWS_REGION` or the profile). */
  region?: string;
  servers?: Record<string, LlmServerConfig>;
  /** A number is the per-message limit; per-session limits count across every turn of the session. */
  max_tool_calls?: number | { per_message?: number; per_session?: number };
  /** On by default; providers turn it off with a warning for models that cannot think. */
  thinking?: { enabled?: boolean; budget_tokens?: number; effort?: ThinkingEffort };
  /** Model requests per turn (`max_iterations` stop). */
  max_iterations?: number;
  /** Tool rounds per turn, then one last answer in which the model may call no tool (`max_rounds`). */
  max_rounds?: number;
  /** Tool errors in a row that end the turn. */
  max_consecutive_errors?: number;
  /** The whole turn's deadline. */
  timeout_ms?: number;
  /** One tool call's deadline. */
  tool_timeout_ms?: number;
  /** The longest answer per model request, in tokens. */
  max_tokens?: number;
  /**
   * Tokens (input and output, thinking included) allowed: a number is per turn; per-session budgets count
   * across every turn of the session. A turn that would pass one ends with `budget_exceeded`.
   */
  token_budget?: number | { per_turn?: number; per_session?: number };
  /**
   * Once the messages a request sends are estimated past `max_tokens` (four characters to a token), the results
   * of older tool calls are sent as a short placeholder: all but the latest round's, the `keep_tool_results` most
   * recent (default 3) and those of `exclude_tools`. The session's history keeps every result whole. With
   * `summarize`, the oldest rounds are condensed into a summary by the session's model instead (`true`, or its
   * `instructions` and `max_tokens`), and results are cleared only if that fails.
   */
  context_limit?: {
    max_tokens: number;
    keep_tool_results?: number;
    exclude_tools?: string[];
    summarize?: boolean | { instructions?: string; max_tokens?: number };
  };
}

/** A command server as stored: an `env` value given literally is `null`, since it is kept in memory only. */
export interface StoredStdioServerConfig extends Omit<LlmStdioServerConfig, 'env'> {
  env?: Record<string, string | null>;
}

/** An HTTP server as stored: a `headers` value given literally is `null`, since it is kept in memory only. */
export interface StoredHttpServerConfig extends Omit<LlmHttpServerConfig, 'headers'> {
  headers?: Record<string, string | null>;
}

/** One entry of a stored config's `servers`. */
export type StoredServerConfig = StoredStdioServerConfig | StoredHttpServerConfig;

/**
 * A config as stored with a session and returned by `getSession`: no API key, and every server `headers` or
 * `env` value given literally replaced by `null`; values that read the environment (`${NAME}`) stay as written.
 */
export interface StoredLlmConfig extends Omit<LlmConfig, 'api_key' | 'servers'> {
  servers?: Record<string, StoredServerConfig>;
}

/**
 * Server secrets given literally, by server name: what a session keeps in memory only and what
 * `resumeSession(id, { servers })` takes again after a restart.
 */
export type ServerSecrets = Record<
  string,
  { headers?: Record<string, string>; env?: Record<string, string> }
>;
