import type { JsonValue } from '../script/llm-step.js';

/** One content block of an answer, in the Messages API's own shapes (tool input also kept as the JSON text sent). */
export type AnthropicContentBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: JsonValue; inputJson: string };

/** Everything the fake sends for one scripted answer, before it is framed as a stream or a JSON body. */
export interface AnthropicAnswer {
  id: string;
  model: string;
  content: AnthropicContentBlock[];
  stopReason: string;
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
}
