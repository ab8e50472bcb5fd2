import type { UserMessage } from '@toolloop/core';

/** A user message as one text, for APIs whose user content is a string: its parts by blank lines. */
export function userMessageText(message: UserMessage): string {
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => part.text).join('\n\n');
}
