import type {
  RawContentBlockDelta,
  RawContentBlockStartEvent,
  RawMessageStreamEvent,
  StopReason,
} from '@anthropic-ai/sdk/resources/messages';

/** Typed builders for Anthropic stream events, with every field the SDK's types require. */
export const anthropicEvents = {
  messageStart(id = 'msg_test', inputTokens = 10): RawMessageStreamEvent {
    return {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: 'claude-haiku-4-5',
        content: [],
        container: null,
        diagnostics: null,
        stop_details: null,
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: inputTokens,
          output_tokens: 1,
          cache_creation: null,
          cache_creation_input_tokens: null,
          cache_read_input_tokens: null,
          inference_geo: null,
          output_tokens_details: null,
          server_tool_use: null,
          service_tier: null,
          speed: null,
        },
      },
    };
  },
  blockStart(index: number, contentBlock: RawContentBlockStartEvent['content_block']): RawMessageStreamEvent {
    return { type: 'content_block_start', index, content_block: contentBlock };
  },
  toolUseStart(index: number, id: string, name: string, input: unknown = {}): RawMessageStreamEvent {
    return anthropicEvents.blockStart(index, {
      type: 'tool_use',
      id,
      name,
      input,
      caller: { type: 'direct' },
    });
  },
  delta(index: number, delta: RawContentBlockDelta): RawMessageStreamEvent {
    return { type: 'content_block_delta', index, delta };
  },
  blockStop(index: number): RawMessageStreamEvent {
    return { type: 'content_block_stop', index };
  },
  messageDelta(
    stopReason: StopReason,
    outputTokens = 5,
    stopSequence: string | null = null,
  ): RawMessageStreamEvent {
    return {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: stopSequence, stop_details: null, container: null },
      usage: {
        output_tokens: outputTokens,
        input_tokens: null,
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
        output_tokens_details: null,
        server_tool_use: null,
      },
    };
  },
  messageStop(): RawMessageStreamEvent {
    return { type: 'message_stop' };
  },
};

/** Events as the async iterable the SDK's stream is. */
export async function* toEventStream(events: RawMessageStreamEvent[]): AsyncGenerator<RawMessageStreamEvent> {
  for (const event of events) yield await Promise.resolve(event);
}
