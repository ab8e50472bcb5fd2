import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { anthropicEvents as events, toEventStream } from '../../test/support/anthropic-events.js';
import { parseAnthropicStream } from './parse-anthropic-stream.js';

async function parse(list: RawMessageStreamEvent[], signal = new AbortController().signal) {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of parseAnthropicStream({ events: toEventStream(list), signal })) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}

describe('parseAnthropicStream', () => {
  it('keeps arguments that are not JSON as rawInput with an inputError', async () => {
    const { parts } = await parse([
      events.messageStart(),
      events.toolUseStart(0, 'toolu_1', 'search'),
      events.delta(0, { type: 'input_json_delta', partial_json: '{"query": "pa' }),
      events.delta(0, { type: 'input_json_delta', partial_json: 'ris"' }),
      events.blockStop(0),
      events.messageDelta('tool_use'),
      events.messageStop(),
    ]);
    expect(parts[0]).toMatchObject({
      type: 'tool-call',
      id: 'toolu_1',
      name: 'search',
      input: {},
      rawInput: '{"query": "paris"',
    });
    expect(parts[0]).toHaveProperty('inputError', expect.stringContaining('not valid JSON'));
  });

  it('uses the input of content_block_start when no arguments stream', async () => {
    const { parts } = await parse([
      events.messageStart(),
      events.toolUseStart(0, 'toolu_1', 'search', { query: 'paris' }),
      events.blockStop(0),
      events.messageDelta('tool_use'),
      events.messageStop(),
    ]);
    expect(parts[0]).toEqual({ type: 'tool-call', id: 'toolu_1', name: 'search', input: { query: 'paris' } });
  });

  it('refuses a content_block_start input nested too deep to send back, instead of failing the stream', async () => {
    let input: unknown = {};
    for (let level = 0; level < 5000; level++) input = { a: input };
    const { parts, error } = await parse([
      events.messageStart(),
      events.toolUseStart(0, 'toolu_deep', 'search', input),
      events.blockStop(0),
      events.messageDelta('tool_use'),
      events.messageStop(),
    ]);
    expect(error).toBeUndefined();
    expect(parts[0]).toEqual({
      type: 'tool-call',
      id: 'toolu_deep',
      name: 'search',
      input: {},
      inputError: 'the arguments are nested deeper than 128 levels',
    });
  });

  it('keeps several blocks apart by index, each whole at its stop', async () => {
    const { parts } = await parse([
      events.messageStart(),
      events.blockStart(0, { type: 'text', text: '', citations: null }),
      events.toolUseStart(1, 'toolu_1', 'a'),
      events.delta(0, { type: 'text_delta', text: 'Hi' }),
      events.delta(1, { type: 'input_json_delta', partial_json: '{"x":1}' }),
      events.blockStop(1),
      events.blockStop(0),
      events.messageDelta('tool_use'),
      events.messageStop(),
    ]);
    expect(parts.slice(0, 3)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'tool-call', id: 'toolu_1', name: 'a', input: { x: 1 } },
      { type: 'text', text: 'Hi' },
    ]);
  });

  it('reports pause_turn as pause, and the stop sequence that ended the output', async () => {
    const paused = await parse([
      events.messageStart(),
      events.messageDelta('pause_turn'),
      events.messageStop(),
    ]);
    expect(paused.parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: 'pause',
      rawFinishReason: 'pause_turn',
    });
    const stopped = await parse([
      events.messageStart('msg_s'),
      events.messageDelta('stop_sequence', 3, 'END'),
      events.messageStop(),
    ]);
    expect(stopped.parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop_sequence',
      rawFinishReason: 'stop_sequence',
      usage: { inputTokens: 10, outputTokens: 3 },
      providerData: { messageId: 'msg_s', stopSequence: 'END' },
    });
  });

  it('warns of each edit server-side context editing applied (a beta message_delta field)', async () => {
    const delta = events.messageDelta('end_turn');
    Object.assign(delta, {
      context_management: {
        applied_edits: [
          { type: 'clear_tool_uses_20250919', cleared_tool_uses: 4, cleared_input_tokens: 12000 },
          { type: 'clear_thinking_20251015', cleared_thinking_turns: 2, cleared_input_tokens: 900 },
          { type: 'future_edit' },
        ],
      },
    });
    const edited = await parse([events.messageStart(), delta, events.messageStop()]);
    const plain = await parse([events.messageStart(), events.messageDelta('end_turn'), events.messageStop()]);

    expect(edited.parts.filter((part) => part.type === 'warning')).toEqual([
      {
        type: 'warning',
        code: 'context_edited',
        message:
          "The server's context editing (clear_tool_uses_20250919) cleared 4 tool uses (12000 input tokens) before the model read the request.",
      },
      {
        type: 'warning',
        code: 'context_edited',
        message:
          "The server's context editing (clear_thinking_20251015) cleared the thinking of 2 turns (900 input tokens) before the model read the request.",
      },
      {
        type: 'warning',
        code: 'context_edited',
        message:
          "The server's context editing (future_edit) cleared part of the context before the model read the request.",
      },
    ]);
    expect(plain.parts.filter((part) => part.type === 'warning')).toEqual([]);
  });

  it('keeps unfinished text at message_stop', async () => {
    const { parts } = await parse([
      events.messageStart(),
      events.blockStart(0, { type: 'text', text: '', citations: null }),
      events.delta(0, { type: 'text_delta', text: 'Half an ans' }),
      events.messageDelta('max_tokens'),
      events.messageStop(),
    ]);
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'text', 'finish']);
  });

  it('keeps unfinished thinking at message_stop, without a signature (it is not sent back)', async () => {
    const { parts } = await parse([
      events.messageStart(),
      events.blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      events.delta(0, { type: 'thinking_delta', thinking: 'Let me think about wh' }),
      events.delta(0, { type: 'signature_delta', signature: 'c2ln' }),
      events.messageDelta('max_tokens'),
      events.messageStop(),
    ]);
    expect(parts.slice(0, 2)).toEqual([
      { type: 'thinking-delta', text: 'Let me think about wh' },
      { type: 'thinking', text: 'Let me think about wh' },
    ]);
    expect(parts.map((part) => part.type)).toEqual(['thinking-delta', 'thinking', 'finish']);
  });

  it('sends a thinking block without a signature without providerData', async () => {
    const { parts } = await parse([
      events.messageStart(),
      events.blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      events.delta(0, { type: 'thinking_delta', thinking: 'Hmm.' }),
      events.blockStop(0),
      events.messageDelta('end_turn'),
      events.messageStop(),
    ]);
    expect(parts[1]).toEqual({ type: 'thinking', text: 'Hmm.' });
  });

  it('fails a stream that ends before message_stop as a retryable ModelError', async () => {
    const { parts, error } = await parse([
      events.messageStart('msg_cut'),
      events.blockStart(0, { type: 'text', text: '', citations: null }),
      events.delta(0, { type: 'text_delta', text: 'Hel' }),
    ]);
    expect(parts).toEqual([{ type: 'text-delta', text: 'Hel' }]);
    expect(error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'incomplete_stream',
      message:
        'The Anthropic stream for message msg_cut ended before its message_stop event: the response was cut off.',
    });
  });

  it('ends with the abort reason when the stream ended because the signal aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    controller.abort(reason);
    const { error } = await parse([events.messageStart()], controller.signal);
    expect(error).toBe(reason);
  });
});
