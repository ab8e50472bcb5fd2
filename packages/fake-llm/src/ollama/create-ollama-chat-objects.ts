import { fakeCreatedTime } from '../openai/plan-chat-completions-answer.js';
import { splitTextIntoDeltas } from '../stream/split-into-deltas.js';
import type { OllamaChatAnswer, OllamaToolCall } from './ollama-chat-answer.js';

/** An answer's `created_at` for its `index`th object: a microsecond apart, as a stream's times grow. */
function createdAt(index: number): string {
  const date = new Date(fakeCreatedTime * 1000);
  return `${date.toISOString().slice(0, 19)}.${String(index).padStart(6, '0')}Z`;
}

function toWireCall(call: OllamaToolCall): Record<string, unknown> {
  return { id: call.id, function: { index: call.index, name: call.name, arguments: call.arguments } };
}

/** The last object of every answer: `done: true`, the reason, the counts and the durations. */
function createFinalObject(answer: OllamaChatAnswer, index: number, message: Record<string, unknown>) {
  return {
    model: answer.model,
    created_at: createdAt(index),
    message,
    done: true,
    done_reason: answer.doneReason,
    // Durations in nanoseconds, fixed so that answers are deterministic; in the order of Ollama's api.Metrics.
    total_duration: 1_200_000_000,
    load_duration: 40_000_000,
    prompt_eval_count: answer.promptEvalCount,
    prompt_eval_duration: 160_000_000,
    eval_count: answer.evalCount,
    eval_duration: 1_000_000_000,
  };
}

/**
 * The NDJSON objects of a streamed answer, in the order and fields Ollama sends them (`api.ChatResponse`):
 * thinking deltas as `message.thinking` with empty content, text deltas as `message.content`, each tool call
 * whole in an object of its own (`message.tool_calls`, with `content: ""`), then the final object with
 * `done: true`, `done_reason`, the durations and counts, and an empty message. Each line ends with `\n`.
 */
export function createOllamaChatLines(answer: OllamaChatAnswer): string[] {
  const messages: Record<string, unknown>[] = [
    ...splitTextIntoDeltas(answer.thinking ?? '').map((thinking) => ({
      role: 'assistant',
      content: '',
      thinking,
    })),
    ...splitTextIntoDeltas(answer.text ?? '').map((content) => ({ role: 'assistant', content })),
    ...answer.toolCalls.map((call) => ({ role: 'assistant', content: '', tool_calls: [toWireCall(call)] })),
  ];
  const objects: unknown[] = messages.map((message, index) => ({
    model: answer.model,
    created_at: createdAt(index),
    message,
    done: false,
  }));
  objects.push(createFinalObject(answer, messages.length, { role: 'assistant', content: '' }));
  return objects.map((object) => `${JSON.stringify(object)}\n`);
}

/** The one JSON object of an answer to `stream: false`: the whole message, with the final object's fields. */
export function createOllamaChatObject(answer: OllamaChatAnswer): unknown {
  return createFinalObject(answer, 0, {
    role: 'assistant',
    content: answer.text ?? '',
    ...(answer.thinking === undefined ? {} : { thinking: answer.thinking }),
    ...(answer.toolCalls.length === 0 ? {} : { tool_calls: answer.toolCalls.map(toWireCall) }),
  });
}
