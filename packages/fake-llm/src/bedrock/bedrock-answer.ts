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
  usage: { inputTokens: number; outputTokens: number };
}
