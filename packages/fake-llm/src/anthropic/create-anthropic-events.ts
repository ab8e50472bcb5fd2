import type { SseEvent } from '../stream/sse-event.js';
import type { AnthropicAnswer, AnthropicContentBlock } from './anthropic-answer.js';
import { splitJsonIntoFragments, splitTextIntoDeltas } from '../stream/split-into-deltas.js';

/** The real API's ping, with the space inside the object that it really sends. */
const pingEvent: SseEvent = { event: 'ping', data: '{"type": "ping"}' };

/**
 * The Messages API stream for an answer, event by event as the real API orders them: `message_start`, one
 * `ping` after the first block starts (or after `message_start` when there is no block), start/deltas/stop per
 * block (a thinking block's `signature_delta` last), `message_delta` with the stop reason and usage, and
 * `message_stop`.
 */
export function createAnthropicEvents(answer: AnthropicAnswer): SseEvent[] {
  const usage = answer.usage;
  const events: SseEvent[] = [
    toEvent({
      type: 'message_start',
      message: {
        id: answer.id,
        type: 'message',
        role: 'assistant',
        model: answer.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.inputTokens,
          cache_creation_input_tokens: usage.cacheWriteTokens,
          cache_read_input_tokens: usage.cacheReadTokens,
          output_tokens: 1,
          service_tier: 'standard',
        },
      },
    }),
  ];
  if (answer.content.length === 0) events.push(pingEvent);
  for (const [index, block] of answer.content.entries()) {
    events.push(toEvent({ type: 'content_block_start', index, content_block: toStartBlock(block) }));
    if (index === 0) events.push(pingEvent);
    for (const delta of toDeltas(block)) events.push(toEvent({ type: 'content_block_delta', index, delta }));
    events.push(toEvent({ type: 'content_block_stop', index }));
  }
  events.push(
    toEvent({
      type: 'message_delta',
      delta: { stop_reason: answer.stopReason, stop_sequence: null },
      usage: {
        input_tokens: usage.inputTokens,
        cache_creation_input_tokens: usage.cacheWriteTokens,
        cache_read_input_tokens: usage.cacheReadTokens,
        output_tokens: usage.outputTokens,
      },
    }),
    toEvent({ type: 'message_stop' }),
  );
  return events;
}

function toEvent(data: { type: string } & Record<string, unknown>): SseEvent {
  return { event: data.type, data: JSON.stringify(data) };
}

function toStartBlock(block: AnthropicContentBlock): Record<string, unknown> {
  switch (block.type) {
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'text':
      return { type: 'text', text: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
    default: {
      const unexpected: never = block;
      throw new Error(`Unexpected content block ${JSON.stringify(unexpected)}`);
    }
  }
}

function toDeltas(block: AnthropicContentBlock): Array<Record<string, unknown>> {
  switch (block.type) {
    case 'thinking':
      return [
        ...splitTextIntoDeltas(block.thinking).map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'redacted_thinking':
      return [];
    case 'text':
      return splitTextIntoDeltas(block.text).map((text) => ({ type: 'text_delta', text }));
    case 'tool_use':
      return splitJsonIntoFragments(block.inputJson).map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
    default: {
      const unexpected: never = block;
      throw new Error(`Unexpected content block ${JSON.stringify(unexpected)}`);
    }
  }
}
