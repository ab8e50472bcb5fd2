import type { ChatCompletionsQuirks } from './chat-completions-dialect.js';
/** A native tool call of an answer, with its arguments as the exact text sent. */
export interface ChatCompletionsToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A piece of the answer's content: plain text, or one XML tool block (each block starts a delta of its own). */
export type ChatCompletionsContentSegment =
  { type: 'text'; text: string } | { type: 'xml-tool-block'; text: string };

/** Everything the fake sends for one scripted chat completions answer, before it is framed as chunks or JSON. */
export interface ChatCompletionsAnswer {
  id: string;
  model: string;
  /** Unix seconds; fixed, so that answers are deterministic. */
  created: number;
  /** The step's thinking, sent in the dialect's reasoning field. */
  reasoning: string | undefined;
  content: ChatCompletionsContentSegment[];
  toolCalls: ChatCompletionsToolCall[];
  finishReason: string;
  usage: ChatCompletionsUsage;
}

/**
 * An answer's token counts as chat completions count them: `promptTokens` is the whole prompt, the tokens read
 * from and written to the prompt cache included; `cachedTokens` and `cacheWriteTokens`, when the step gives
 * them, say how many of those the cache read and wrote.
 */
export interface ChatCompletionsUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  cacheWriteTokens?: number;
}

/**
 * The `usage` object of a chat completion or its usage chunk: `prompt_tokens`, `completion_tokens`,
 * `total_tokens`, and the cache's reads and writes as the dialect reports them (`cacheUsage`): OpenAI's
 * `prompt_tokens_details` every time (`cached_tokens` 0 when the cache read nothing, `cache_write_tokens` when
 * the step gives writes), DeepSeek's `prompt_cache_hit_tokens` and `prompt_cache_miss_tokens` beside it, or
 * nothing (Ollama).
 */
export function createChatCompletionsUsage(
  usage: ChatCompletionsUsage,
  cacheUsage: ChatCompletionsQuirks['cacheUsage'],
): Record<string, unknown> {
  const { promptTokens, cacheWriteTokens } = usage;
  const cachedTokens = usage.cachedTokens ?? 0;
  const counts = {
    prompt_tokens: promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: promptTokens + usage.completionTokens,
  };
  switch (cacheUsage) {
    case 'openai':
      return {
        ...counts,
        prompt_tokens_details: {
          cached_tokens: cachedTokens,
          audio_tokens: 0,
          ...(cacheWriteTokens === undefined ? {} : { cache_write_tokens: cacheWriteTokens }),
        },
      };
    case 'deepseek':
      return {
        ...counts,
        prompt_tokens_details: { cached_tokens: cachedTokens },
        prompt_cache_hit_tokens: cachedTokens,
        prompt_cache_miss_tokens: Math.max(0, promptTokens - cachedTokens),
      };
    case 'none':
      return counts;
  }
}

/** The answer's content as one string, or `undefined` when it has none. */
export function joinContent(answer: ChatCompletionsAnswer): string | undefined {
  return answer.content.length === 0 ? undefined : answer.content.map((segment) => segment.text).join('');
}
