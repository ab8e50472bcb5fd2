import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { anthropicFixturesDirectory } from '../../test/fixtures.js';
import { readReplayChunks } from '../stream/read-replay-chunks.js';
import type { LlmStep } from '../script/llm-step.js';
import { createAnthropicEvents } from './create-anthropic-events.js';
import { planAnthropicAnswer } from './plan-anthropic-answer.js';

/** `event` or `event:delta.type` per event, runs of the same one collapsed: the shape of a stream. */
function toShape(events: Array<{ event: string; data: string }>): string[] {
  const shape: string[] = [];
  for (const { event, data } of events) {
    const parsed = JSON.parse(data) as { delta?: { type?: string } };
    const name = event === 'content_block_delta' ? `${event}:${parsed.delta?.type ?? ''}` : event;
    if (shape.at(-1) !== name) shape.push(name);
  }
  return shape;
}

async function readRecordedEvents(name: string) {
  const chunks = await readReplayChunks({
    path: join(anthropicFixturesDirectory, name),
    framing: 'anthropic',
  });
  return chunks.map((chunk) => {
    const [eventLine = '', dataLine = ''] = chunk.split('\n');
    return { event: eventLine.slice('event: '.length), data: dataLine.slice('data: '.length) };
  });
}

function createEvents(step: LlmStep) {
  return createAnthropicEvents(
    planAnthropicAnswer({
      step,
      scriptId: 'shape',
      requestIndex: 0,
      model: 'claude-test-model',
      requestLength: 40,
    }),
  );
}

describe('createAnthropicEvents', () => {
  it.each([
    [
      'sdk-tool_use_response.sse',
      { text: 'I will check.', toolCalls: [{ name: 'get_weather', input: { a: 1 } }] },
    ],
    ['anthropic-clear-thinking.1.chunks.jsonl', { thinking: 'Divide 925 by 5.', text: '925 ÷ 5 = 185' }],
    ['anthropic-refusal.chunks.jsonl', { stopReason: 'refusal' }],
    ['anthropic-text.chunks.jsonl', { text: 'Hello! I am doing well, thank you for asking.' }],
  ] satisfies Array<[string, LlmStep]>)('orders events like the recording %s', async (name, step) => {
    expect(toShape(createEvents(step))).toEqual(toShape(await readRecordedEvents(name)));
  });

  it('writes message_start with the fields of the real API, in its order', async () => {
    const [recorded] = await readRecordedEvents('sdk-tool_use_response.sse');
    const [created] = createEvents({ text: 'x' });
    const keysOf = (data: string) => {
      const { message } = JSON.parse(data) as { message: Record<string, unknown> };
      return [Object.keys(message), Object.keys(message.usage as object)];
    };
    expect(keysOf(created?.data ?? '')).toEqual(keysOf(recorded?.data ?? ''));
  });

  it('sends the ping with the space the real API puts in it', () => {
    expect(createEvents({ text: 'x' }).find((event) => event.event === 'ping')).toEqual({
      event: 'ping',
      data: '{"type": "ping"}',
    });
  });

  it('signs a thinking block just before it stops, and starts tool input with an empty fragment', () => {
    const events = createEvents({ thinking: 'Hmm.', toolCalls: [{ name: 'lookup', input: { q: 'x' } }] });
    expect(events.map((event) => event.data)).toEqual([
      expect.stringContaining('"type":"message_start"') as string,
      '{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}',
      '{"type": "ping"}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Hmm."}}',
      expect.stringMatching(
        /^\{"type":"content_block_delta","index":0,"delta":\{"type":"signature_delta","signature":"[A-Za-z0-9+/=]+"\}\}$/u,
      ) as string,
      '{"type":"content_block_stop","index":0}',
      '{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_fake_shape_1_1","name":"lookup","input":{}}}',
      '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}',
      '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"q\\":\\"x\\"}"}}',
      '{"type":"content_block_stop","index":1}',
      '{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"input_tokens":10,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":5}}',
      '{"type":"message_stop"}',
    ]);
  });
});
