import type { McpAuthConfig, McpAuthSecretField } from '../mcp/mcp-auth-config.js';
import type { SessionLoopConfig } from './session-loop-config.js';

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
  /**
   * The MCP protocol revision to speak: `auto` (default) asks the server and speaks 2026-07-28 when it offers
   * it, 2025-11-25 otherwise; a revision named is the only one tried.
   */
  protocol?: 'auto' | '2025-11-25' | '2026-07-28';
}

/**
 * An MCP server reached over streamable HTTP. `headers` values may read the host's environment as `${NAME}`
 * (`Bearer ${MCP_TOKEN}`) when it connects; a value without a reference is a secret kept in memory only.
 */
export interface LlmHttpServerConfig {
  url: string;
  headers?: Record<string, string>;
  /** As a command server's `protocol`. */
  protocol?: 'auto' | '2025-11-25' | '2026-07-28';
  /**
   * Signs in to a server behind OAuth, as `connectMcpServers` takes it (`authorization_code`, with the
   * session manager's `onAuthorization`; `client_credentials`; `private_key_jwt`). `clientSecret` and
   * `privateKey` are secrets as `headers` values are: `${NAME}` reads the environment, a value given literally
   * is kept in memory only.
   */
  auth?: McpAuthConfig;
}

/** One entry of `servers`: a child process or a URL. */
export type LlmServerConfig = LlmStdioServerConfig | LlmHttpServerConfig;

/**
 * The host's config for one session (snake_case, the `LLMConfig` shape hosts already write), plus the loop's
 * own options under their snake_case names (`max_rounds`, `token_budget.per_turn`; `system_prompt` for
 * `system`): every option a file may hold but `output`. Validate untrusted input with `parseLlmConfig`. Every
 * limit is optional; the loop's defaults apply, but thinking, which is on unless `thinking: false`.
 */
export interface LlmConfig extends SessionLoopConfig {
  type: LlmProviderType;
  /**
   * Optional: when missing, the session reads it from the environment (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`,
   * `GEMINI_API_KEY`). Bedrock takes none: its credentials come from the AWS credential chain.
   */
  api_key?: string;
  model: string;
  /** Where the provider's API lives, for proxies, compatible servers and fakes. */
  base_url?: string;
  /** Bedrock only: the AWS region (default: the AWS SDK's, from `AWS_REGION` or the profile). */
  region?: string;
  servers?: Record<string, LlmServerConfig>;
}

/** A command server as stored: an `env` value given literally is `null`, since it is kept in memory only. */
export interface StoredStdioServerConfig extends Omit<LlmStdioServerConfig, 'env'> {
  env?: Record<string, string | null>;
}

/**
 * An HTTP server as stored: a `headers` value or an `auth` secret given literally is `null`, since it is kept
 * in memory only.
 */
export interface StoredHttpServerConfig extends Omit<LlmHttpServerConfig, 'headers' | 'auth'> {
  headers?: Record<string, string | null>;
  auth?: StoredServerAuth;
}

/** An `auth` config as stored: its `clientSecret` or `privateKey` given literally is `null`. */
export type StoredServerAuth = McpAuthConfig extends infer Auth
  ? Auth extends unknown
    ? { [Field in keyof Auth]: Field extends McpAuthSecretField ? Auth[Field] | null : Auth[Field] }
    : never
  : never;

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
  {
    headers?: Record<string, string>;
    env?: Record<string, string>;
    auth?: Partial<Record<McpAuthSecretField, string>>;
  }
>;
