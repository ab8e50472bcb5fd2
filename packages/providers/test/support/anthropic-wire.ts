import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpResponse } from 'msw';

/** The recorded real streams, shared by the whole repository (read only). */
export const realWireDirectory = path.resolve(
  import.meta.dirname,
  '../../../../fixtures/real-wire/anthropic',
);

/**
 * A recorded Anthropic stream as the bytes a server sends: `.sse` files as they are, `.chunks.jsonl` files
 * re-framed as `event: <type>` / `data: <line>` (see fixtures/real-wire/README.md).
 */
export function readAnthropicFixture(fileName: string): Uint8Array {
  const text = readFileSync(path.join(realWireDirectory, fileName), 'utf8');
  if (fileName.endsWith('.sse')) return new TextEncoder().encode(text);
  const framed = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
    .join('');
  return new TextEncoder().encode(framed);
}

/** Anthropic stream events framed as server-sent events. */
export function encodeAnthropicEvents(events: ReadonlyArray<{ type: string }>): Uint8Array {
  return new TextEncoder().encode(
    events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
  );
}

/**
 * An event-stream response that sends `bytes` in chunks of `chunkSize`, so events and UTF-8 characters are
 * split across reads, as on a real connection.
 */
export function createEventStreamResponse({
  bytes,
  chunkSize = 64,
}: {
  bytes: Uint8Array;
  chunkSize?: number;
}): HttpResponse<ReadableStream<Uint8Array>> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        controller.enqueue(bytes.slice(offset, offset + chunkSize));
      }
      controller.close();
    },
  });
  return new HttpResponse(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** One content block of a scripted Anthropic response. */
export type ScriptedBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The events of one whole Anthropic response, as the API streams it (pings and split deltas included). */
export function createAnthropicEvents({
  id = 'msg_test',
  model = 'claude-haiku-4-5',
  content,
  stopReason,
  usage = { input_tokens: 10, output_tokens: 5 },
}: {
  id?: string;
  model?: string;
  content: ScriptedBlock[];
  stopReason: string;
  usage?: { input_tokens: number; output_tokens: number };
}): Array<{ type: string }> {
  const events: Array<{ type: string } & Record<string, unknown>> = [
    {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    },
    { type: 'ping' },
  ];
  content.forEach((block, index) => {
    events.push(...blockEvents(block, index));
  });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    },
    { type: 'message_stop' },
  );
  return events;
}

function blockEvents(block: ScriptedBlock, index: number): Array<{ type: string } & Record<string, unknown>> {
  const delta = (value: Record<string, unknown>) => ({ type: 'content_block_delta', index, delta: value });
  const stop = { type: 'content_block_stop', index };
  switch (block.type) {
    case 'text':
      return [
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
        ...halves(block.text).map((text) => delta({ type: 'text_delta', text })),
        stop,
      ];
    case 'thinking':
      return [
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        },
        ...halves(block.thinking).map((thinking) => delta({ type: 'thinking_delta', thinking })),
        delta({ type: 'signature_delta', signature: block.signature }),
        stop,
      ];
    case 'redacted_thinking':
      return [
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'redacted_thinking', data: block.data },
        },
        stop,
      ];
    case 'tool_use':
      return [
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        },
        ...halves(JSON.stringify(block.input)).map((partial_json) =>
          delta({ type: 'input_json_delta', partial_json }),
        ),
        stop,
      ];
  }
}

function halves(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter((part) => part !== '');
}
