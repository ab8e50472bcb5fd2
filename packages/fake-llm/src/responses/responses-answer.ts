/** One output item of a scripted response, before it is framed as JSON or stream events. */
export type ResponsesOutputItem =
  /** The step's thinking: its summary, and the opaque `encrypted_content` a client sends back with `store: false`. */
  | { type: 'reasoning'; id: string; summary: string; encryptedContent: string }
  | { type: 'message'; id: string; text: string }
  | { type: 'function_call'; id: string; callId: string; name: string; arguments: string };

/** Everything the fake sends for one scripted Responses API answer. */
export interface ResponsesAnswer {
  /** `resp_fake_<script id>_<n>`. */
  id: string;
  model: string;
  /** Unix seconds; fixed, so that answers are deterministic. */
  createdAt: number;
  output: ResponsesOutputItem[];
  /** `incomplete` for a step that stops at `max_tokens` or in a refusal, with the reason the API gives. */
  status: 'completed' | 'incomplete';
  incompleteReason: 'max_output_tokens' | 'content_filter' | undefined;
  /**
   * The counts as the API gives them: `inputTokens` is the whole prompt, `cachedTokens` (and `cacheWriteTokens`,
   * when the step gives it) how many of those the prompt cache read (and wrote).
   */
  usage: {
    inputTokens: number;
    cachedTokens: number;
    cacheWriteTokens?: number;
    outputTokens: number;
    reasoningTokens: number;
  };
}
