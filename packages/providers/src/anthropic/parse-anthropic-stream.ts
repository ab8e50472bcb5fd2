import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { createEmptyUsage, ModelError } from '@toolloop/core';
import type { JsonObject, JsonValue, ModelStreamPart, Usage } from '@toolloop/core';
import {
  applyContentBlockDelta,
  finishContentBlock,
  startContentBlock,
  type AnthropicContentBlock,
} from './anthropic-content-block.js';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.js';
import { mapAnthropicUsage } from './map-anthropic-usage.js';

const provider = 'anthropic';
/** The events the Messages API sends only after `message_start`. */
const eventsOfAMessage = new Set<string>([
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
]);

/**
 * Turns Anthropic stream events into core stream parts: deltas for display, each block whole at its
 * `content_block_stop`, and one `finish` at `message_stop`. Pings and event types newer than the SDK are ignored.
 *
 * - A tool call whose block never got its `content_block_stop` (the output hit `max_tokens` mid-arguments) is
 *   never emitted, so it cannot run; a warning says so. Unfinished text and thinking are kept (they were
 *   already shown), the thinking without a signature.
 * - A second `message_start` for the same message id is ignored (a duplicated event). One for another message
 *   means two responses were spliced together: that is a retryable `ModelError`, not a mix of both.
 * - A stream out of the API's event order (an event before `message_start`, a delta or stop for a block that is
 *   not open, a block started twice) lost events on the way: a retryable `ModelError` (`invalid_stream`), never
 *   an answer with holes in it. A `message_stop` without a stop reason (no `message_delta`) gets a warning.
 * - A stream that ends before `message_stop` was cut off: a retryable `ModelError`, or the abort reason when
 *   `signal` was aborted (the SDK ends an aborted stream quietly).
 */
export async function* parseAnthropicStream({
  events,
  signal,
}: {
  events: AsyncIterable<RawMessageStreamEvent>;
  signal: AbortSignal;
}): AsyncGenerator<ModelStreamPart> {
  const blocks = new Map<number, AnthropicContentBlock>();
  const startedBlocks = new Set<number>();
  let messageId: string | undefined;
  let usage: Usage = createEmptyUsage();
  let stopReason: string | null = null;
  const providerData: JsonObject = {};

  function eventsMissing(what: string): ModelError {
    return new ModelError({
      message: `The Anthropic stream${messageId === undefined ? '' : ` for message ${messageId}`} sent ${what}: events are missing from the response. Try the request again.`,
      provider,
      retryable: true,
      errorType: 'invalid_stream',
    });
  }

  function notOpen(eventType: string, index: number): ModelError {
    const state = startedBlocks.has(index) ? 'already stopped' : 'never started';
    return eventsMissing(`a ${eventType} for block ${index}, which ${state}`);
  }

  const iterator = events[Symbol.asyncIterator]();
  let drained = false;
  try {
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
      const event = next.value;
      if (messageId === undefined && eventsOfAMessage.has(event.type))
        throw eventsMissing(`${event.type} before message_start`);
      switch (event.type) {
        case 'message_start':
          if (messageId !== undefined) {
            if (event.message.id === messageId) break;
            throw new ModelError({
              message: `The Anthropic stream started message ${event.message.id} before message ${messageId} ended: two responses were spliced together. Try the request again.`,
              provider,
              retryable: true,
              errorType: 'invalid_stream',
            });
          }
          messageId = event.message.id;
          providerData['messageId'] = messageId;
          usage = mapAnthropicUsage({ usage: event.message.usage, previous: usage });
          break;
        case 'content_block_start': {
          if (startedBlocks.has(event.index))
            throw eventsMissing(`a content_block_start for block ${event.index}, which already started`);
          startedBlocks.add(event.index);
          const { block, warning } = startContentBlock(event.content_block);
          blocks.set(event.index, block);
          if (warning !== undefined) yield warning;
          break;
        }
        case 'content_block_delta': {
          const block = blocks.get(event.index);
          if (block === undefined) throw notOpen(event.type, event.index);
          const delta = applyContentBlockDelta({ block, delta: event.delta });
          if (delta !== undefined) yield delta;
          break;
        }
        case 'content_block_stop': {
          const block = blocks.get(event.index);
          if (block === undefined) throw notOpen(event.type, event.index);
          blocks.delete(event.index);
          const part = finishContentBlock(block);
          if (part !== undefined) yield part;
          break;
        }
        case 'message_delta':
          stopReason = event.delta.stop_reason;
          if (event.delta.stop_sequence != null) providerData['stopSequence'] = event.delta.stop_sequence;
          if (event.delta.stop_details != null)
            providerData['stopDetails'] = toJsonValue(event.delta.stop_details);
          usage = mapAnthropicUsage({ usage: event.usage, previous: usage });
          // Each generator of parts is read with for…of: `yield*` of a synchronous generator in an async one
          // awaits at every step, even for nothing.
          for (const warning of describeContextEdits(event)) yield warning;
          break;
        case 'message_stop':
          // Read the stream to its end (the server closes it right after this event), so the SDK finishes the
          // response normally instead of aborting the request and cancelling the body: that path costs more.
          for (next = await iterator.next(); next.done !== true; next = await iterator.next());
          drained = true;
          for (const part of finishOpenBlocks(blocks)) yield part;
          if (stopReason === null) {
            yield {
              type: 'warning',
              code: 'missing_stop_reason',
              message: `The Anthropic stream for message ${messageId} ended without a stop reason (no message_delta event); the answer may be incomplete.`,
            };
          }
          yield {
            type: 'finish',
            finishReason: mapAnthropicStopReason(stopReason),
            usage,
            ...(stopReason === null ? {} : { rawFinishReason: stopReason }),
            providerData,
          };
          return;
        default: {
          // Event types newer than this SDK arrive here at run time and are ignored.
          const _newerEvent: never = event;
          break;
        }
      }
    }
    drained = true;
  } finally {
    // Leaving early (finish, error, the consumer stopped): the SDK aborts the request on `return`. Not awaited:
    // cancelling a response body can wait on readers that never come (msw tees mocked bodies, for one).
    if (!drained) iterator.return?.().catch(() => undefined);
  }

  signal.throwIfAborted();
  throw new ModelError({
    message: `The Anthropic stream${messageId === undefined ? '' : ` for message ${messageId}`} ended before its message_stop event: the response was cut off.`,
    provider,
    retryable: true,
    errorType: 'incomplete_stream',
  });
}

/**
 * Blocks still open at `message_stop`: text and thinking are kept as they were shown (thinking without its
 * signature, which only a finished block carries, so it is not sent back), a half-written tool call is dropped
 * with a warning.
 */
function* finishOpenBlocks(blocks: Map<number, AnthropicContentBlock>): Generator<ModelStreamPart> {
  for (const index of [...blocks.keys()].sort((left, right) => left - right)) {
    const block = blocks.get(index);
    if (block?.type === 'text' && block.text !== '') yield { type: 'text', text: block.text };
    if (block?.type === 'thinking' && block.text !== '') yield { type: 'thinking', text: block.text };
    if (block?.type === 'tool-call') {
      yield {
        type: 'warning',
        code: 'incomplete_tool_call',
        message: `The response ended before the arguments of tool call '${block.name}' (${block.id}) were complete; the call was dropped and will not run.`,
      };
    }
  }
  blocks.clear();
}

function toJsonValue(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

/**
 * A warning for each edit server-side context editing applied to the request (`context_management` in a beta
 * `message_delta`): what it cleared, so the host knows what the model no longer read.
 */
function* describeContextEdits(event: RawMessageStreamEvent): Generator<ModelStreamPart> {
  const edits = (event as { context_management?: { applied_edits?: unknown } | null }).context_management
    ?.applied_edits;
  if (!Array.isArray(edits)) return;
  for (const edit of edits as Array<Record<string, unknown>>) {
    const cleared = [
      typeof edit['cleared_tool_uses'] === 'number' ? `${edit['cleared_tool_uses']} tool uses` : undefined,
      typeof edit['cleared_thinking_turns'] === 'number'
        ? `the thinking of ${edit['cleared_thinking_turns']} turns`
        : undefined,
    ].filter((part) => part !== undefined);
    const tokens =
      typeof edit['cleared_input_tokens'] === 'number'
        ? ` (${edit['cleared_input_tokens']} input tokens)`
        : '';
    yield {
      type: 'warning',
      code: 'context_edited',
      message: `The server's context editing (${String(edit['type'])}) cleared ${cleared.length === 0 ? 'part of the context' : cleared.join(' and ')}${tokens} before the model read the request.`,
    };
  }
}
