/**
 * The APIs whose models the catalogue lists: the Messages API, chat completions, Gemini's generateContent,
 * Bedrock's Converse API, Ollama's chat.
 */
export type ModelApi =
  'anthropic-messages' | 'openai-chat-completions' | 'gemini' | 'bedrock-converse' | 'ollama-chat';

/**
 * How a model takes thinking (reasoning):
 * - `none`: no thinking at all;
 * - `manual`: the Messages API's `{ type: 'enabled', budget_tokens }` (Claude 3.7 to 4.5);
 * - `adaptive`: `{ type: 'adaptive' }` with `output_config.effort`, a manual budget still taken (Claude 4.6);
 * - `adaptive-only`: `{ type: 'adaptive' }` only; a manual budget is refused (Claude 4.7 and later);
 * - `reasoning-effort`: chat completions' `reasoning_effort` (OpenAI's reasoning models);
 * - `thinking-budget`: Gemini's `thinkingConfig.thinkingBudget` (Gemini 2.5);
 * - `thinking-level`: Gemini's `thinkingConfig.thinkingLevel` (Gemini 3; a budget is still taken);
 * - `think`: Ollama's `think: true | false` (Qwen 3, DeepSeek-R1);
 * - `think-levels`: Ollama's `think: 'low' | 'medium' | 'high'` (gpt-oss, which cannot stop thinking).
 */
export type ModelThinking =
  | 'none'
  | 'manual'
  | 'adaptive'
  | 'adaptive-only'
  | 'reasoning-effort'
  | 'thinking-budget'
  | 'thinking-level'
  | 'think'
  | 'think-levels';

/** What one model of one API accepts: the limits a request to it must keep. */
export interface CatalogueModel {
  id: string;
  api: ModelApi;
  /** The most prompt tokens a request may carry (input, with the tools and the system prompt). */
  contextWindow: number;
  /** The most output tokens the model produces (`max_tokens` may not ask for more). */
  maxOutputTokens: number;
  thinking: ModelThinking;
  /** Whether the model thinks when the request says nothing of thinking (Claude 5.x); it cannot be turned off. */
  thinksByDefault: boolean;
  /** Whether the API takes a schema for the answer (`output_config.format`, `response_format: json_schema`). */
  structuredOutput: boolean;
  /** Messages API: the shortest prefix, in tokens, the prompt cache writes; 0 where the API caches none. */
  minCacheableTokens: number;
  /**
   * Whether the model takes tools. Absent: it does (the Messages API and chat completions take tools for every
   * model); Ollama refuses tools for a model whose template has none (`false`).
   */
  tools?: boolean;
  /** A larger context window the model takes with a beta header (`anthropic-beta`), such as 1M tokens. */
  longContext?: { beta: string; contextWindow: number };
}
