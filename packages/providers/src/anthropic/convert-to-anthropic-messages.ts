import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AssistantContentPart, Message, ToolResultPart, UserContentPart } from '@toolloop/core';
import { createConversationMemo, createPartMemo } from '@toolloop/core/internal';
import { convertToAnthropicToolResult } from './convert-to-anthropic-tool-result.js';
import type { KnownJsonBytes } from './estimate-anthropic-prompt-tokens.js';

type Role = 'user' | 'assistant';

/**
 * Core messages as Anthropic messages. A `tool` message becomes a user message of `tool_result` blocks, merged
 * with adjacent user content (results first, as the API requires); thinking and redacted thinking blocks go back
 * byte for byte, in order, with their signatures. Empty text is left out (the API rejects empty text blocks),
 * and so is thinking without a signature (from another provider), which the API could not verify; a message
 * left with nothing is left out too, its neighbours of one role merged.
 *
 * A loop sends every earlier message again each round. The messages that are, from the first, the same objects
 * holding the same values as last time (`createConversationMemo`) keep their converted messages, given again,
 * frozen; after them, each part's blocks are kept while the part stays the same (`createPartMemo`). So a round
 * converts what it added, and checks the rest at about the cost of walking it once. What changes a request (cache
 * breakpoints, the round's line) copies the messages and blocks it changes.
 */
export function convertToAnthropicMessages(messages: readonly Message[]): MessageParam[] {
  return conversions.use(messages, (previous, unchanged) => convertAfter(previous, messages, unchanged));
}

/**
 * Converts `messages`, the first `unchanged` of them as `previous` last converted them, and makes `previous`
 * theirs; gives the conversion and from which message on it was made again.
 */
function convertAfter(
  previous: Conversion,
  messages: readonly Message[],
  unchanged: number,
): { result: MessageParam[]; redoneFrom: number } {
  // The messages converted last time, up to the first that changed, hold their conversion, but for those of
  // the last converted message they went into: it is converted again with what follows, which may merge into it.
  const keptOutput = unchanged === 0 ? 0 : Math.max(0, previous.outputOf[unchanged - 1] ?? 0);
  let from = unchanged;
  while (from > 0 && (previous.outputOf[from - 1] ?? 0) >= keptOutput) from -= 1;
  const { converted, outputOf } = previous;
  converted.length = keptOutput;
  outputOf.length = from;
  let last: { role: Role; content: ContentBlockParam[] } | undefined;
  for (let index = from; index < messages.length; index += 1) {
    const message = messages[index] as Message;
    const role: Role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = convertContent(message);
    // A message left with nothing to send (empty text, thinking from another provider) would be refused: the
    // API takes no message without content but an empty final assistant one, which says nothing either.
    if (blocks.length > 0) {
      if (last?.role === role) {
        for (const block of blocks) last.content.push(block);
      } else {
        // The kept blocks are copied into an array of the request's own, which merging adds to.
        last = { role, content: blocks.slice() };
        converted.push(last);
      }
    }
    outputOf.push(converted.length - 1);
  }
  // The messages converted now: the order of a user message's blocks is fixed in place, and each is frozen, as
  // the next request of the conversation sends it again.
  for (let index = keptOutput; index < converted.length; index += 1) {
    const message = converted[index];
    if (message === undefined) continue;
    if (message.role === 'user') message.content = toolResultsFirst(message.content);
    Object.freeze(message.content);
    Object.freeze(message);
    madeMessages.add(message);
  }
  return { result: converted.slice(), redoneFrom: from };
}

/** The messages this conversion made: given again only while the messages they came from are unchanged. */
const madeMessages = new WeakSet<object>();
const madeMessageBytes = new WeakMap<object, number>();

/**
 * The JSON bytes of the messages this conversion made, kept once counted for the prompt estimate: a made message
 * is given again only while the messages it is given for are the very objects they were when it was last given,
 * holding the same values (an earlier message edited in place at any depth, or any object in it replaced, even by
 * an equal copy, is converted again, into a new message counted anew). A made block may hold an object of the
 * transcript (a call's `input` as it is): that object is then in the transcript, where an edit to it is seen.
 */
export const convertedMessageBytes: KnownJsonBytes = {
  get: (message) => madeMessageBytes.get(message),
  set(message, bytes) {
    if (madeMessages.has(message)) madeMessageBytes.set(message, bytes);
  },
};

/** The last conversion of each conversation, for the next request, which sends the same messages and more. */
const conversions = createConversationMemo<Conversion>(() => ({ converted: [], outputOf: [] }));

interface Conversion {
  converted: Array<{ role: Role; content: ContentBlockParam[] }>;
  /** For each message, the index in `converted` of the message it went into (or the one before, if left out). */
  outputOf: number[];
}

/** The blocks of each part converted so far: shared by every provider and turn, held weakly. */
const convertedParts = createPartMemo<readonly ContentBlockParam[]>();

function convertContent(message: Message): readonly ContentBlockParam[] {
  if (typeof message.content === 'string')
    return message.content === '' ? [] : [{ type: 'text', text: message.content }];
  const parts: ReadonlyArray<UserContentPart | AssistantContentPart | ToolResultPart> = message.content;
  if (parts.length === 1 && parts[0] !== undefined) return convertedParts.get(parts[0], convertPart);
  return parts.flatMap((part) => convertedParts.get(part, convertPart));
}

function convertPart(part: UserContentPart | AssistantContentPart | ToolResultPart): ContentBlockParam[] {
  return part.type === 'tool-result' ? [convertToAnthropicToolResult(part)] : convertAssistantPart(part);
}

function convertAssistantPart(part: AssistantContentPart): ContentBlockParam[] {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ type: 'text', text: part.text }];
    case 'thinking': {
      const signature = part.providerData?.['signature'];
      return typeof signature === 'string' ? [{ type: 'thinking', thinking: part.text, signature }] : [];
    }
    case 'redacted-thinking':
      return [{ type: 'redacted_thinking', data: part.data }];
    case 'tool-call':
      return [{ type: 'tool_use', id: part.id, name: part.name, input: part.input }];
    default: {
      const unknownPart: never = part;
      throw new Error(`Unknown assistant content ${JSON.stringify(unknownPart)}`);
    }
  }
}

/** The API wants a user message's `tool_result` blocks before its other content. */
function toolResultsFirst(content: ContentBlockParam[]): ContentBlockParam[] {
  // Most are in that order already (all results, or no result): they are kept as they are.
  let otherSeen = false;
  let outOfOrder = false;
  for (const block of content) {
    if (block.type !== 'tool_result') otherSeen = true;
    else if (otherSeen) outOfOrder = true;
  }
  if (!outOfOrder) return content;
  const results = content.filter((block) => block.type === 'tool_result');
  return [...results, ...content.filter((block) => block.type !== 'tool_result')];
}
