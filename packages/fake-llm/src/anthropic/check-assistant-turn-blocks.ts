import type { MessagesApiVersion } from './messages-api-version.js';
import { isRecord } from '../internal/is-record.js';

/**
 * The Messages API's refusal of a block only a user may send, in an assistant message: an `image` (any version),
 * a `document` (from 2026-10-21 on), as "messages.1.content: 'image' blocks are not permitted within assistant
 * turns.", or `undefined`. The content union is the same for both roles, so the definition lets these through.
 */
export function checkAssistantTurnBlocks(options: {
  messages: readonly unknown[];
  version: MessagesApiVersion;
}): string | undefined {
  const userOnly = options.version === '2026-10-21' ? ['image', 'document'] : ['image'];
  for (const [index, message] of options.messages.entries()) {
    if (!isRecord(message) || message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      const type = isRecord(block) ? block.type : undefined;
      if (typeof type === 'string' && userOnly.includes(type))
        return `messages.${index}.content: '${type}' blocks are not permitted within assistant turns.`;
    }
  }
  return undefined;
}
