import type { JsonValue } from '../script/llm-step.js';

/** One tool call of a scripted Ollama answer: its id, position and arguments as an object. */
export interface OllamaToolCall {
  /** `call_fake_<script>_<n>_<k>` unless the step's call sets one (Ollama makes `call_` and eight characters). */
  id: string;
  index: number;
  name: string;
  arguments: { [key: string]: JsonValue };
}

/** Everything the fake sends for one scripted answer of `POST /api/chat`. */
export interface OllamaChatAnswer {
  model: string;
  thinking: string | undefined;
  text: string | undefined;
  toolCalls: OllamaToolCall[];
  /** `stop`, or `length` for a step that stops at `max_tokens`. */
  doneReason: string;
  /** Ollama's own counts: prompt tokens evaluated, and tokens generated (thinking included). */
  promptEvalCount: number;
  evalCount: number;
}
