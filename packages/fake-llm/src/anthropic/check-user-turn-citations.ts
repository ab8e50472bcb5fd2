import { isRecord } from '../internal/is-record.js';
/**
 * Under anthropic-version 2026-10-21, the Messages API's refusal of a text block in a user message that carries
 * `citations` (citations are the model's, on its answers), or `undefined`. The wording is the fake's, after the
 * API's "… are not permitted within assistant turns." (the API's own is not on record).
 */
export function checkUserTurnCitations(messages: readonly unknown[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const [blockIndex, block] of message.content.entries()) {
      if (!isRecord(block) || block.type !== 'text') continue;
      if (Array.isArray(block.citations) && block.citations.length > 0)
        return `messages.${index}.content.${blockIndex}.text.citations: citations are not permitted within user turns.`;
    }
  }
  return undefined;
}
