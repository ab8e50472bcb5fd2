/** One content block of a scripted Converse answer, before it is framed as JSON or stream events. */
export type BedrockAnswerBlock =
  /** The step's thinking, with the signature the fake issued for it. */
  | { type: 'reasoning'; text: string; signature: string }
  /** Redacted thinking: its opaque bytes, in base64. */
  | { type: 'redacted-reasoning'; data: string }
  | { type: 'text'; text: string }
  | { type: 'tool-use'; toolUseId: string; name: string; input: string };

/** Everything the fake sends for one scripted Converse answer. */
export interface BedrockAnswer {
  modelId: string;
  /** Whether the model is a Claude model, whose answers carry Claude's `additionalModelResponseFields`. */
  claude: boolean;
  blocks: BedrockAnswerBlock[];
  stopReason: string;
  usage: BedrockUsage;
}

/** An answer's counts as Converse reports them: `inputTokens` leaves out what the prompt cache read and wrote. */
export interface BedrockUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

/**
 * The `usage` of a Converse answer or of the stream's `metadata` event, in the fields of the recordings:
 * `totalTokens` is every input and output token, the cache's included; the cache counts are sent when the step
 * gives them.
 */
export function createBedrockUsage(usage: BedrockUsage): Record<string, unknown> {
  const { inputTokens, outputTokens, cacheReadInputTokens, cacheWriteInputTokens } = usage;
  return {
    inputTokens,
    outputTokens,
    serverToolUsage: {},
    totalTokens: inputTokens + outputTokens + (cacheReadInputTokens ?? 0) + (cacheWriteInputTokens ?? 0),
    ...(cacheReadInputTokens === undefined ? {} : { cacheReadInputTokens }),
    ...(cacheWriteInputTokens === undefined ? {} : { cacheWriteInputTokens }),
  };
}
