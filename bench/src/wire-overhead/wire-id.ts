/** The wires the fake LLM serves and toolloop has a provider for, in the order the benchmark reports them. */
export const wireIds = [
  'anthropic',
  'openai-chat',
  'openai-responses',
  'gemini',
  'bedrock',
  'ollama',
] as const;

/** One wire: an API format, as its official SDK speaks it. */
export type WireId = (typeof wireIds)[number];

/** Each wire's name in tables: the API and the official SDK the floor is written on. */
export const wireLabels: Record<WireId, string> = {
  anthropic: 'Anthropic Messages (`@anthropic-ai/sdk`)',
  'openai-chat': 'OpenAI chat completions (`openai`)',
  'openai-responses': 'OpenAI Responses (`openai`)',
  gemini: 'Gemini (`@google/genai`)',
  bedrock: 'Bedrock Converse (`@aws-sdk/client-bedrock-runtime`)',
  ollama: 'Ollama `/api/chat` (`ollama`)',
};
