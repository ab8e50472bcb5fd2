/**
 * A preset of chat completions quirks, after the servers recorded in `fixtures/real-wire/openai-compatible`:
 * `openai` (the default: no reasoning on the wire, as OpenAI's chat completions send none), `deepseek`
 * (`reasoning_content`, usage in the finish chunk) and `ollama` (`reasoning` field, whole arguments in one chunk).
 */
export type ChatCompletionsDialect = 'openai' | 'deepseek' | 'ollama';

/** How an answer is shaped on the chat completions wire; each field is one quirk a real server has. */
export interface ChatCompletionsQuirks {
  /**
   * The delta and message field that carries thinking, which must then come back with the message's tool calls:
   * DeepSeek and xAI `reasoning_content`, Ollama and vLLM `reasoning`; `none` for OpenAI, whose chat completions
   * send no reasoning (a step's `thinking` is not sent, and nothing is required back).
   */
  reasoningField: 'reasoning_content' | 'reasoning' | 'none';
  /** `fragments`: the first chunk has the id, the name and `arguments: ""`, then pieces follow; `whole`: every call complete in one chunk. */
  toolCallArguments: 'fragments' | 'whole';
  /** Tool call `index` values: from 0 (OpenAI), from 1 (Anthropic's compatibility API), or left out (Mistral, old Ollama). */
  toolCallIndexes: 'from-0' | 'from-1' | 'absent';
  /** Continuation chunks: `minimal` (`{ index, function: { arguments } }`), or `repeat-type` (also `type` and `name: ""`, as GLM on vLLM sends). */
  continuationChunks: 'minimal' | 'repeat-type';
  /** What a call without arguments sends: `{}`, or nothing at all (`arguments` stays `""`, which clients must read as `{}`). */
  emptyArguments: 'empty-object' | 'empty-string';
  /** `trailing-chunk`: a last chunk with `choices: []` when the request asks for `stream_options.include_usage`; `finish-chunk`: always, on the chunk with the finish reason. */
  usage: 'trailing-chunk' | 'finish-chunk';
  /**
   * How the usage says what the prompt cache read and wrote: `openai`, always `prompt_tokens_details` with
   * `cached_tokens` (0 included) and `audio_tokens` (and `cache_write_tokens` when the step gives writes);
   * `deepseek`, `prompt_tokens_details.cached_tokens` and `prompt_cache_hit_tokens` / `prompt_cache_miss_tokens`;
   * `none`, no cache fields at all (Ollama's `/v1`).
   */
  cacheUsage: 'openai' | 'deepseek' | 'none';
}

const presets: Record<ChatCompletionsDialect, ChatCompletionsQuirks> = {
  openai: {
    reasoningField: 'none',
    toolCallArguments: 'fragments',
    toolCallIndexes: 'from-0',
    continuationChunks: 'minimal',
    emptyArguments: 'empty-object',
    usage: 'trailing-chunk',
    cacheUsage: 'openai',
  },
  deepseek: {
    reasoningField: 'reasoning_content',
    toolCallArguments: 'fragments',
    toolCallIndexes: 'from-0',
    continuationChunks: 'minimal',
    emptyArguments: 'empty-object',
    usage: 'finish-chunk',
    cacheUsage: 'deepseek',
  },
  ollama: {
    reasoningField: 'reasoning',
    toolCallArguments: 'whole',
    toolCallIndexes: 'from-0',
    continuationChunks: 'minimal',
    emptyArguments: 'empty-object',
    usage: 'trailing-chunk',
    cacheUsage: 'none',
  },
};

/** The dialect names a script may use. */
export const chatCompletionsDialects = Object.keys(presets) as ChatCompletionsDialect[];

/** The quirks of a dialect (default `openai`), with a script's own `quirks` on top. */
export function resolveChatCompletionsQuirks(options: {
  dialect?: ChatCompletionsDialect;
  quirks?: Partial<ChatCompletionsQuirks>;
}): ChatCompletionsQuirks {
  return { ...presets[options.dialect ?? 'openai'], ...options.quirks };
}
