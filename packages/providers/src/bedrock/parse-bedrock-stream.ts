import type { ConverseStreamOutput, StopReason, TokenUsage } from '@aws-sdk/client-bedrock-runtime';
import { ModelError, parseToolInput } from '@toolloop/core';
import type { AssistantContentPart, ModelStreamPart } from '@toolloop/core';
import { mapBedrockStopReason } from './map-bedrock-stop-reason.js';
import { mapBedrockUsage } from './map-bedrock-usage.js';

/** A content block being streamed, by its `contentBlockIndex`. */
type OpenBlock =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string; signature: string | undefined; redacted: Uint8Array[] }
  | { type: 'tool-use'; id: string; name: string; input: string };

/** The exception members of a ConverseStream event, which end the stream with an error. */
const exceptionMembers = [
  'internalServerException',
  'modelStreamErrorException',
  'validationException',
  'throttlingException',
  'serviceUnavailableException',
] as const;

/**
 * Turns ConverseStream events into core stream parts: text and reasoning deltas for display; each content
 * block whole at its `contentBlockStop`, in order — text as `text`, `reasoningContent` as `thinking` with its
 * `signature` in `providerData` (or `redacted-thinking`, the redacted bytes in base64), `toolUse` as a
 * `tool-call` whose input is parsed from its deltas (none is `{}`); then one `finish` when the stream ends, from
 * `messageStop`'s stop reason and `metadata`'s usage (the two come in either order).
 *
 * - An exception event is thrown as an error named after it (`ModelStreamErrorException`, …) for the caller to
 *   map; the SDK throws the ones it decodes itself.
 * - A stream that ends without `messageStop` was cut off: a retryable `ModelError` (`incomplete_stream`), or the
 *   abort reason when `signal` was aborted.
 */
export async function* parseBedrockStream({
  events,
  signal,
  modelId,
}: {
  events: AsyncIterable<ConverseStreamOutput>;
  signal: AbortSignal;
  modelId: string;
}): AsyncGenerator<ModelStreamPart> {
  const open = new Map<number, OpenBlock>();
  let stopReason: StopReason | undefined;
  let stopped = false;
  let usage: TokenUsage | undefined;

  const iterator = events[Symbol.asyncIterator]();
  let drained = false;
  try {
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
      const event = next.value;
      throwIfException(event);
      if (event.contentBlockStart !== undefined) {
        const { contentBlockIndex = 0, start } = event.contentBlockStart;
        if (start?.toolUse !== undefined) {
          open.set(contentBlockIndex, {
            type: 'tool-use',
            id: start.toolUse.toolUseId ?? '',
            name: start.toolUse.name ?? '',
            input: '',
          });
        }
      } else if (event.contentBlockDelta !== undefined) {
        const { contentBlockIndex = 0, delta } = event.contentBlockDelta;
        if (delta === undefined) continue;
        if (delta.text !== undefined) {
          const block = openBlock(open, contentBlockIndex, 'text');
          block.text += delta.text;
          yield { type: 'text-delta', text: delta.text };
        } else if (delta.toolUse !== undefined) {
          const block = open.get(contentBlockIndex);
          if (block?.type === 'tool-use') block.input += delta.toolUse.input ?? '';
        } else if (delta.reasoningContent !== undefined) {
          const block = openBlock(open, contentBlockIndex, 'reasoning');
          const { text, signature, redactedContent } = delta.reasoningContent;
          if (text !== undefined) {
            block.text += text;
            yield { type: 'thinking-delta', text };
          }
          if (signature !== undefined) block.signature = (block.signature ?? '') + signature;
          if (redactedContent !== undefined) block.redacted.push(redactedContent);
        }
      } else if (event.contentBlockStop !== undefined) {
        const index = event.contentBlockStop.contentBlockIndex ?? 0;
        const block = open.get(index);
        open.delete(index);
        if (block !== undefined) yield toPart(block);
      } else if (event.messageStop !== undefined) {
        stopped = true;
        stopReason = event.messageStop.stopReason;
      } else if (event.metadata !== undefined) {
        usage = event.metadata.usage;
      }
    }
    drained = true;
  } finally {
    if (!drained) iterator.return?.().catch(() => undefined);
  }

  signal.throwIfAborted();
  // Blocks the stream never closed, in their order.
  for (const index of [...open.keys()].sort((left, right) => left - right)) {
    const block = open.get(index);
    if (block !== undefined) yield toPart(block);
  }
  if (!stopped) {
    throw new ModelError({
      message: `The Bedrock stream for ${modelId} ended before messageStop: the answer was cut off.`,
      provider: 'bedrock',
      retryable: true,
      errorType: 'incomplete_stream',
    });
  }
  yield {
    type: 'finish',
    finishReason: mapBedrockStopReason(stopReason),
    usage: mapBedrockUsage(usage),
    ...(stopReason === undefined ? {} : { rawFinishReason: stopReason }),
  };
}

/** The open block at an index, started as `type` when a delta is its first event (text needs no start). */
function openBlock<Type extends 'text' | 'reasoning'>(
  open: Map<number, OpenBlock>,
  index: number,
  type: Type,
): Extract<OpenBlock, { type: Type }> {
  const existing = open.get(index);
  if (existing?.type === type) return existing as Extract<OpenBlock, { type: Type }>;
  const created: OpenBlock =
    type === 'text'
      ? { type: 'text', text: '' }
      : { type: 'reasoning', text: '', signature: undefined, redacted: [] };
  open.set(index, created);
  return created as Extract<OpenBlock, { type: Type }>;
}

function toPart(block: OpenBlock): AssistantContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'reasoning':
      if (block.redacted.length > 0) {
        return { type: 'redacted-thinking', data: Buffer.concat(block.redacted).toString('base64') };
      }
      return {
        type: 'thinking',
        text: block.text,
        ...(block.signature === undefined ? {} : { providerData: { signature: block.signature } }),
      };
    case 'tool-use':
      return { type: 'tool-call', id: block.id, name: block.name, ...parseToolInput(block.input) };
    default: {
      const unknownBlock: never = block;
      throw new Error(`Unknown content block ${JSON.stringify(unknownBlock)}`);
    }
  }
}

/** An exception event as an error of its name, with Bedrock's message. */
function throwIfException(event: ConverseStreamOutput): void {
  for (const member of exceptionMembers) {
    const exception: { message?: string } | undefined = event[member];
    if (exception !== undefined) {
      const error = new Error(exception.message ?? `The stream reported a ${member}.`);
      error.name = member.charAt(0).toUpperCase() + member.slice(1);
      throw error;
    }
  }
}
