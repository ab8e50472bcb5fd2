import { splitTextIntoDeltas } from '../stream/split-into-deltas.js';
import { createBedrockUsage, type BedrockAnswer, type BedrockAnswerBlock } from './bedrock-answer.js';
import { encodeBedrockEvent } from './encode-event-stream-message.js';

const inputFragmentLength = 12;
/** The latency the fake reports in `metadata.metrics`; fixed, so that answers are deterministic. */
const fakeLatencyMs = 100;

/**
 * The ConverseStream events of an answer, each framed in the AWS event-stream encoding, in the order of the
 * real recordings: `messageStart`; per content block its deltas (reasoning text then one signature delta; text;
 * a tool call's `contentBlockStart` with its id and name, then input fragments) and its `contentBlockStop`;
 * `messageStop` with the stop reason (and, for Claude, the `additionalModelResponseFields` Bedrock relays);
 * `metadata` with usage and metrics.
 */
export function createBedrockEvents(answer: BedrockAnswer): Uint8Array[] {
  const events: Uint8Array[] = [encodeBedrockEvent('messageStart', { role: 'assistant' })];
  answer.blocks.forEach((block, contentBlockIndex) => {
    for (const [eventType, payload] of createBlockEvents(block, contentBlockIndex)) {
      events.push(encodeBedrockEvent(eventType, payload));
    }
    events.push(encodeBedrockEvent('contentBlockStop', { contentBlockIndex }));
  });
  events.push(
    encodeBedrockEvent('messageStop', {
      stopReason: answer.stopReason,
      ...(answer.claude ? { additionalModelResponseFields: { delta: { stop_sequence: null } } } : {}),
    }),
  );
  events.push(
    encodeBedrockEvent('metadata', {
      usage: createBedrockUsage(answer.usage),
      metrics: { latencyMs: fakeLatencyMs },
    }),
  );
  return events;
}

function createBlockEvents(
  block: BedrockAnswerBlock,
  contentBlockIndex: number,
): Array<[string, Record<string, unknown>]> {
  const delta = (value: Record<string, unknown>): [string, Record<string, unknown>] => [
    'contentBlockDelta',
    { contentBlockIndex, delta: value },
  ];
  switch (block.type) {
    case 'reasoning':
      return [
        ...splitTextIntoDeltas(block.text).map((text) => delta({ reasoningContent: { text } })),
        delta({ reasoningContent: { signature: block.signature } }),
      ];
    case 'redacted-reasoning':
      return [delta({ reasoningContent: { redactedContent: block.data } })];
    case 'text':
      return splitTextIntoDeltas(block.text).map((text) => delta({ text }));
    case 'tool-use': {
      const codePoints = Array.from(block.input);
      const fragments: string[] = [];
      for (let start = 0; start < codePoints.length; start += inputFragmentLength) {
        fragments.push(codePoints.slice(start, start + inputFragmentLength).join(''));
      }
      return [
        [
          'contentBlockStart',
          { contentBlockIndex, start: { toolUse: { toolUseId: block.toolUseId, name: block.name } } },
        ],
        ...(fragments.length === 0 ? [''] : fragments).map((input) => delta({ toolUse: { input } })),
      ];
    }
    default: {
      const unexpected: never = block;
      throw new Error(`Unexpected content block ${JSON.stringify(unexpected)}`);
    }
  }
}
