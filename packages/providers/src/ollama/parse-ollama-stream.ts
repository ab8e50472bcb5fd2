import { ModelError, parseToolInput, readToolInputValue } from '@toolloop/core';
import type { JsonValue, ModelStreamPart, ToolCallPart } from '@toolloop/core';
import { mapOllamaDoneReason } from './map-ollama-done-reason.js';
import type { OllamaWireToolCall } from './ollama-wire-types.js';

/**
 * One object of Ollama's stream as this provider reads it: the fields of the server's `api.ChatResponse`, each
 * optional (the server leaves out empty ones), with the call ids current servers add.
 */
export interface OllamaStreamObject {
  model?: string;
  created_at?: string | Date;
  message?: { content?: string; thinking?: string; tool_calls?: OllamaWireToolCall[] };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
}

/**
 * Turns Ollama's streamed objects into core stream parts: `message.thinking` as thinking deltas and
 * `message.content` as text deltas, for display; then, at the object with `done: true`, the whole thinking, the
 * whole text, each tool call (Ollama sends a call whole, in one object; its arguments are an object, or, from some
 * servers, JSON text), and one `finish` with the done reason and usage (`prompt_eval_count` in, `eval_count`
 * out). A call without an id (older servers) gets one made from the answer's `created_at` and its position, so
 * the same answer always has the same ids. A stream that ends before `done: true` was cut off: a retryable
 * `ModelError` (`incomplete_stream`).
 */
export async function* parseOllamaStream(
  objects: AsyncIterable<OllamaStreamObject>,
): AsyncGenerator<ModelStreamPart> {
  let thinking = '';
  let text = '';
  const calls: OllamaWireToolCall[] = [];
  for await (const object of objects) {
    const message = object.message;
    if (message?.thinking !== undefined && message.thinking !== '') {
      thinking += message.thinking;
      yield { type: 'thinking-delta', text: message.thinking };
    }
    if (message?.content !== undefined && message.content !== '') {
      text += message.content;
      yield { type: 'text-delta', text: message.content };
    }
    // One at a time: an object may carry more calls than a call takes arguments.
    for (const call of message?.tool_calls ?? []) calls.push(call);
    if (object.done !== true) continue;
    if (thinking !== '') yield { type: 'thinking', text: thinking };
    if (text !== '') yield { type: 'text', text };
    const createdAt = String(object.created_at ?? '');
    for (const [index, call] of calls.entries()) yield toToolCallPart({ call, index, createdAt });
    yield {
      type: 'finish',
      ...mapOllamaDoneReason({ doneReason: object.done_reason, calledTools: calls.length > 0 }),
      usage: { inputTokens: object.prompt_eval_count ?? 0, outputTokens: object.eval_count ?? 0 },
      ...(object.model === undefined ? {} : { providerData: { model: object.model } }),
    };
    return;
  }
  throw new ModelError({
    message: 'The Ollama stream ended before its last object (done: true): the answer was cut off.',
    provider: 'ollama',
    retryable: true,
    errorType: 'incomplete_stream',
  });
}

function toToolCallPart(options: {
  call: OllamaWireToolCall;
  index: number;
  createdAt: string;
}): ToolCallPart {
  const { call, index } = options;
  const id =
    call.id !== undefined && call.id !== ''
      ? call.id
      : `call_ollama_${options.createdAt.replace(/[^0-9A-Za-z]/gu, '')}_${index + 1}`;
  const raw: unknown = call.function.arguments;
  // Arguments come as JSON from the wire: an object from Ollama, JSON text from some servers in front of it.
  const parsed = typeof raw === 'string' ? parseToolInput(raw) : readToolInputValue((raw ?? {}) as JsonValue);
  return { type: 'tool-call', id, name: call.function.name, ...parsed };
}
