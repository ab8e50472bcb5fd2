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
 * `total_tokens`, and `prompt_tokens_details` (`cached_tokens`, and `cache_write_tokens` when there is a write
 * count) when the step says what the cache read or wrote.
 */
export function createChatCompletionsUsage(usage: ChatCompletionsUsage): Record<string, unknown> {
  const { cachedTokens, cacheWriteTokens } = usage;
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    ...(cachedTokens === undefined && cacheWriteTokens === undefined
      ? {}
      : {
          prompt_tokens_details: {
            cached_tokens: cachedTokens ?? 0,
            ...(cacheWriteTokens === undefined ? {} : { cache_write_tokens: cacheWriteTokens }),
          },
        }),
  };
}

/** The answer's content as one string, or `undefined` when it has none. */
export function joinContent(answer: ChatCompletionsAnswer): string | undefined {
  return answer.content.length === 0 ? undefined : answer.content.map((segment) => segment.text).join('');
}
