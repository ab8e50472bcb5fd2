import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { parseToolInput } from '@toolloop/core';
import { parseStartInput } from './anthropic-content-block.js';
import { canonicalMessage } from './canonical-anthropic-message.js';

/** A content block of a reply as its stream builds it: the block it started as, and what its deltas added. */
interface StreamedBlock {
  start: Record<string, unknown>;
  text: string;
  thinking: string;
  signature: string;
  inputJson: string | undefined;
}

/**
 * Passes the stream's events through and builds the reply they carry; at `message_stop`, a whole reply the server
 * keeps a thread for goes to `keep`. A refusal is not kept (the API drops a refused turn from a thread), nor is a
 * reply a fallback model wrote, nor one with a tool call whose input the loop refuses (not JSON, or nested deeper
 * than 128 levels): the loop keeps that call with `{}`, not as the reply had it.
 */
export async function* watchReply(
  events: AsyncIterable<RawMessageStreamEvent>,
  keep: (reply: { id: string; json: string }) => void,
): AsyncGenerator<RawMessageStreamEvent> {
  let id: string | undefined;
  let stopReason: string | null = null;
  let fallback = false;
  const blocks = new Map<number, StreamedBlock>();
  for await (const event of events) {
    if (event.type === 'message_start') {
      id ??= event.message.id;
    } else if (event.type === 'content_block_start') {
      const start = { ...event.content_block } as Record<string, unknown>;
      blocks.set(event.index, { start, text: '', thinking: '', signature: '', inputJson: undefined });
    } else if (event.type === 'content_block_delta') {
      const block = blocks.get(event.index);
      const { delta } = event;
      if (block === undefined) {
        // The parser refuses a delta for a block that never started; nothing to build.
      } else if (delta.type === 'text_delta') block.text += delta.text;
      else if (delta.type === 'thinking_delta') block.thinking += delta.thinking;
      else if (delta.type === 'signature_delta') block.signature += delta.signature;
      else if (delta.type === 'input_json_delta')
        block.inputJson = (block.inputJson ?? '') + delta.partial_json;
    } else if (event.type === 'message_delta') {
      stopReason = event.delta.stop_reason;
      const { iterations } = event.usage as { iterations?: Array<{ type?: string }> | null };
      fallback ||= iterations?.some((iteration) => iteration.type === 'fallback_message') === true;
    } else if (event.type === 'message_stop') {
      const json = replyJson(blocks);
      if (id !== undefined && json !== undefined && stopReason !== 'refusal' && !fallback) keep({ id, json });
    }
    yield event;
  }
}

/**
 * The reply's canonical JSON, or `undefined` when it is not continued: a tool input is refused, or a block nests
 * too deep to write (a server tool's result; the parser drops such blocks, so the loop never sends it back).
 */
function replyJson(blocks: Map<number, StreamedBlock>): string | undefined {
  const content = replyContent(blocks);
  if (content === undefined) return undefined;
  try {
    return JSON.stringify(canonicalMessage({ role: 'assistant', content }));
  } catch (error) {
    // A block too deep to write (a stack overflow), or a reply too long for one string: the SDK parsed every
    // block from JSON, so nothing else can fail here.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The reply's blocks in order, each with what its deltas added, or `undefined` when a tool input is refused. */
function replyContent(blocks: Map<number, StreamedBlock>): Array<Record<string, unknown>> | undefined {
  const content: Array<Record<string, unknown>> = [];
  for (const [, block] of [...blocks].sort(([left], [right]) => left - right)) {
    const built: Record<string, unknown> = { ...block.start };
    if (built['type'] === 'text') built['text'] = `${stringField(built['text'])}${block.text}`;
    if (built['type'] === 'thinking') {
      built['thinking'] = `${stringField(built['thinking'])}${block.thinking}`;
      // The start's signature and the deltas after it, joined as the parser joins them: the kept reply is then
      // the one the loop sends back.
      if (built['signature'] !== undefined || block.signature !== '')
        built['signature'] = `${stringField(built['signature'])}${block.signature}`;
    }
    if (block.inputJson !== undefined || built['input'] !== undefined) {
      // Read as the parser reads them (see `finishContentBlock`): the streamed text, else the start's input.
      const streamed = block.inputJson ?? '';
      const read = streamed.trim() === '' ? parseStartInput(built['input']) : parseToolInput(streamed);
      if ('inputError' in read) return undefined;
      built['input'] = read.input;
    }
    content.push(built);
  }
  return content;
}

function stringField(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
