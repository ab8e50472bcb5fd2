import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { anthropicEvents as events, toEventStream } from '../../test/support/anthropic-events.js';
import { parseAnthropicStream } from './parse-anthropic-stream.js';

async function parse(list: RawMessageStreamEvent[]) {
  const parts: ModelStreamPart[] = [];
  try {
    const signal = new AbortController().signal;
    for await (const part of parseAnthropicStream({ events: toEventStream(list), signal })) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}

const textStart = (index: number) => events.blockStart(index, { type: 'text', text: '', citations: null });
const textDelta = (index: number, text: string) => events.delta(index, { type: 'text_delta', text });

// The Messages API sends message_start, then per block content_block_start, deltas and content_block_stop, then
// message_delta and message_stop. A stream out of that order lost events: the answer cannot be trusted.
describe('parseAnthropicStream, on a stream out of the Messages API event order', () => {
  it('fails a stream of only message_stop, instead of an empty answer', async () => {
    const { parts, error } = await parse([events.messageStop()]);
    expect(parts).toEqual([]);
    expect(error).toMatchObject({
      name: 'ModelError',
      provider: 'anthropic',
      retryable: true,
      errorType: 'invalid_stream',
      message:
        'The Anthropic stream sent message_stop before message_start: events are missing from the response. Try the request again.',
    });
  });

  it.each([
    ['message_delta', [events.messageDelta('end_turn'), events.messageStop()]],
    ['content_block_start', [textStart(0), textDelta(0, 'Hi'), events.blockStop(0), events.messageStop()]],
    ['content_block_delta', [textDelta(0, 'Hi'), events.messageStop()]],
    ['content_block_stop', [events.blockStop(0), events.messageStop()]],
  ])('fails a stream whose first event is %s', async (eventType, list) => {
    const { parts, error } = await parse(list);
    expect(parts).toEqual([]);
    expect(error).toMatchObject({
      errorType: 'invalid_stream',
      message: `The Anthropic stream sent ${eventType} before message_start: events are missing from the response. Try the request again.`,
    });
  });

  it('fails a delta for a block that never started', async () => {
    const { parts, error } = await parse([
      events.messageStart('msg_gap'),
      textDelta(0, 'Hello'),
      events.messageDelta('end_turn'),
      events.messageStop(),
    ]);
    expect(parts).toEqual([]);
    expect(error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'invalid_stream',
      message:
        'The Anthropic stream for message msg_gap sent a content_block_delta for block 0, which never started: events are missing from the response. Try the request again.',
    });
  });

  it('fails a delta for a block that already stopped', async () => {
    const { parts, error } = await parse([
      events.messageStart('msg_late'),
      textStart(0),
      textDelta(0, 'Hello'),
      events.blockStop(0),
      textDelta(0, ' again'),
      events.messageStop(),
    ]);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hello' },
      { type: 'text', text: 'Hello' },
    ]);
    expect(error).toMatchObject({
      errorType: 'invalid_stream',
      message:
        'The Anthropic stream for message msg_late sent a content_block_delta for block 0, which already stopped: events are missing from the response. Try the request again.',
    });
  });

  it('fails a content_block_stop for a block that never started', async () => {
    const { error } = await parse([
      events.messageStart('msg_stop'),
      events.blockStop(2),
      events.messageDelta('end_turn'),
      events.messageStop(),
    ]);
    expect(error).toMatchObject({
      errorType: 'invalid_stream',
      message:
        'The Anthropic stream for message msg_stop sent a content_block_stop for block 2, which never started: events are missing from the response. Try the request again.',
    });
  });

  it('fails a second content_block_start for a block already started', async () => {
    const { error } = await parse([
      events.messageStart('msg_twice'),
      textStart(0),
      textDelta(0, 'Hello'),
      events.toolUseStart(0, 'toolu_1', 'search'),
      events.messageStop(),
    ]);
    expect(error).toMatchObject({
      errorType: 'invalid_stream',
      message:
        'The Anthropic stream for message msg_twice sent a content_block_start for block 0, which already started: events are missing from the response. Try the request again.',
    });
  });

  it('warns when message_stop came without a stop reason (no message_delta)', async () => {
    const { parts, error } = await parse([
      events.messageStart('msg_quiet'),
      textStart(0),
      textDelta(0, 'Hello'),
      events.blockStop(0),
      events.messageStop(),
    ]);
    expect(error).toBeUndefined();
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hello' },
      { type: 'text', text: 'Hello' },
      {
        type: 'warning',
        code: 'missing_stop_reason',
        message:
          'The Anthropic stream for message msg_quiet ended without a stop reason (no message_delta event); the answer may be incomplete.',
      },
      {
        type: 'finish',
        finishReason: 'other',
        usage: { inputTokens: 10, outputTokens: 1 },
        providerData: { messageId: 'msg_quiet' },
      },
    ]);
  });
});
