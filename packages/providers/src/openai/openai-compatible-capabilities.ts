/** What a chat completions server and model accept; each provider has defaults, and `capabilities` overrides them. */
export interface OpenAICompatibleCapabilities {
  /**
   * Whether the model takes `reasoning_effort` (OpenAI's o-series and GPT-5 models, some gpt-oss servers). When
   * false, core thinking settings are not sent, with a `thinking_unsupported` warning.
   */
  reasoningEffort: boolean;
  /** Whether the server accepts `stream_options: { include_usage: true }`; turn off for servers that reject it. */
  streamUsage: boolean;
  /**
   * Whether the server honours `tool_choice`. When false (Ollama), `none` is emulated by sending no tools, and a
   * forced choice is sent anyway with a `tool_choice_unsupported` warning.
   */
  toolChoice: boolean;
  /** The field the output limit goes in: OpenAI wants `max_completion_tokens`, most other servers `max_tokens`. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /**
   * Whether the model takes `response_format: { type: 'json_schema' }` (structured outputs: OpenAI's models from
   * gpt-4o on). When false, a turn's `output` is asked for through a final-answer tool. Default false for other
   * servers, which differ in what they accept.
   */
  structuredOutput: boolean;
}

/** Defaults for an unknown OpenAI-compatible server: the fields most servers accept. */
export const defaultOpenAICompatibleCapabilities: OpenAICompatibleCapabilities = {
  reasoningEffort: false,
  streamUsage: true,
  toolChoice: true,
  maxTokensField: 'max_tokens',
  structuredOutput: false,
};

/**
 * The capabilities of a model on OpenAI's own API. Reasoning models take `reasoning_effort`: the o-series from
 * o1 (not `o1-mini` and `o1-preview`, which predate it) and GPT from 5 on (read from the id's version, so newer
 * versions need no update). Every OpenAI model takes `max_completion_tokens`.
 */
export function getOpenAIModelCapabilities(modelId: string): OpenAICompatibleCapabilities {
  return {
    ...defaultOpenAICompatibleCapabilities,
    reasoningEffort: isOpenAIReasoningModel(modelId),
    maxTokensField: 'max_completion_tokens',
    structuredOutput: takesJsonSchema(modelId),
  };
}

/**
 * Structured outputs came with gpt-4o (2024-08-06) and the o-series from o1; the models before them (gpt-3.5,
 * gpt-4 and gpt-4-turbo, o1-mini, o1-preview) take only JSON mode. Read from the id, so newer models need no update.
 */
function takesJsonSchema(modelId: string): boolean {
  const id = modelId.toLowerCase().replace(/^openai\//, '');
  if (id.startsWith('o1-mini') || id.startsWith('o1-preview')) return false;
  if (/^o\d+(?:-|$)/.test(id)) return true;
  if (id.startsWith('gpt-3') || /^gpt-4(?:-|$)/.test(id)) return false;
  return id.startsWith('gpt-') || id.startsWith('chatgpt-');
}

function isOpenAIReasoningModel(modelId: string): boolean {
  const id = modelId.toLowerCase().replace(/^openai\//, '');
  if (id.startsWith('o1-mini') || id.startsWith('o1-preview')) return false;
  if (/^o\d+(?:-|$)/.test(id)) return true;
  const gpt = /^gpt-(\d+)/.exec(id);
  if (gpt?.[1] === undefined) return false;
  // `gpt-5-chat-latest` is GPT-5's non-reasoning chat model.
  return Number(gpt[1]) >= 5 && !id.includes('-chat');
}
