import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The recorded real OpenAI-compatible streams, shared by the whole repository (read only). */
export const openaiRealWireDirectory = path.resolve(
  import.meta.dirname,
  '../../../../fixtures/real-wire/openai-compatible',
);

/**
 * A recorded stream as the bytes a server sends: `.sse` files as they are, `.chunks.jsonl` files re-framed as
 * `data: <line>` events followed by `data: [DONE]` (see fixtures/real-wire/README.md).
 */
export function readOpenAIFixture(fileName: string): Uint8Array {
  const text = readFileSync(path.join(openaiRealWireDirectory, fileName), 'utf8');
  if (fileName.endsWith('.sse')) return new TextEncoder().encode(text);
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return new TextEncoder().encode(`${lines.map((line) => `data: ${line}\n\n`).join('')}data: [DONE]\n\n`);
}

/** Chunks framed as a chat completions stream: one `data:` event each, then `[DONE]` unless `done` is false. */
export function encodeOpenAIChunks(
  chunks: readonly unknown[],
  { done = true }: { done?: boolean } = {},
): Uint8Array {
  const events = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('');
  return new TextEncoder().encode(done ? `${events}data: [DONE]\n\n` : events);
}

/** One chunk's `choices[0].delta`, as loosely as servers send it. */
export type ChunkDelta = Record<string, unknown>;

/** A chat completion chunk with one choice. */
export function createOpenAIChunk({
  delta = {},
  finishReason = null,
  usage,
}: {
  delta?: ChunkDelta;
  finishReason?: string | null;
  usage?: Record<string, unknown>;
}): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(usage === undefined ? {} : { usage }),
  };
}

/** A trailing usage chunk with no choices, as OpenAI sends it for `stream_options: { include_usage: true }`. */
export function createOpenAIUsageChunk(promptTokens = 10, completionTokens = 5): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    choices: [],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/** The chunks of a whole response: reasoning, text, tool calls (arguments split in two), finish and usage. */
export function createOpenAIChunks({
  reasoning,
  reasoningField = 'reasoning_content',
  text,
  toolCalls = [],
  finishReason,
}: {
  reasoning?: string;
  reasoningField?: 'reasoning_content' | 'reasoning';
  text?: string;
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
  finishReason: string;
}): Array<Record<string, unknown>> {
  const chunks = [createOpenAIChunk({ delta: { role: 'assistant', content: '' } })];
  for (const piece of halves(reasoning ?? ''))
    chunks.push(createOpenAIChunk({ delta: { [reasoningField]: piece } }));
  for (const piece of halves(text ?? '')) chunks.push(createOpenAIChunk({ delta: { content: piece } }));
  toolCalls.forEach((call, index) => {
    const [first = '', second] = halves(call.arguments);
    chunks.push(
      createOpenAIChunk({
        delta: {
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.name, arguments: first } },
          ],
        },
      }),
    );
    if (second !== undefined) {
      chunks.push(createOpenAIChunk({ delta: { tool_calls: [{ index, function: { arguments: second } }] } }));
    }
  });
  chunks.push(createOpenAIChunk({ finishReason }), createOpenAIUsageChunk());
  return chunks;
}

function halves(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter((part) => part !== '');
}
