import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AssistantContentPart, Message, ToolResultPart, UserContentPart } from '@toolloop/core';
import { createPartMemo } from '@toolloop/core/internal';
import { convertToAnthropicToolResult } from './convert-to-anthropic-tool-result.js';

type Role = 'user' | 'assistant';

/**
 * Core messages as Anthropic messages. A `tool` message becomes a user message of `tool_result` blocks, merged
 * with adjacent user content (results first, as the API requires); thinking and redacted thinking blocks go back
 * byte for byte, in order, with their signatures. Empty text is left out (the API rejects empty text blocks),
 * and so is thinking without a signature (from another provider), which the API could not verify; a message
 * left with nothing is left out too, its neighbours of one role merged.
 *
 * A loop sends every earlier message again each round: each part's blocks are kept (`createPartMemo`) and
 * converted again only when the part changed, so a round costs what it added. The blocks are shared from request
 * to request: what changes a request (cache breakpoints, the round's line) copies the blocks it changes.
 */
export function convertToAnthropicMessages(messages: readonly Message[]): MessageParam[] {
  const converted: Array<{ role: Role; content: ContentBlockParam[] }> = [];
  let last: { role: Role; content: ContentBlockParam[] } | undefined;
  for (const message of messages) {
    const role: Role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = convertContent(message);
    // A message left with nothing to send (empty text, thinking from another provider) would be refused: the
    // API takes no message without content but an empty final assistant one, which says nothing either.
    if (blocks.length === 0) continue;
    if (last?.role === role) {
      for (const block of blocks) last.content.push(block);
    } else {
      // The kept blocks are copied into an array of the request's own, which merging adds to.
      last = { role, content: blocks.slice() };
      converted.push(last);
    }
  }
  // Every message and block array above is new: the order of a user message's blocks is fixed in place.
  for (const message of converted) {
    if (message.role === 'user') message.content = toolResultsFirst(message.content);
  }
  return converted;
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
