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
  usage: { promptTokens: number; completionTokens: number };
}

/** The answer's content as one string, or `undefined` when it has none. */
export function joinContent(answer: ChatCompletionsAnswer): string | undefined {
  return answer.content.length === 0 ? undefined : answer.content.map((segment) => segment.text).join('');
}
