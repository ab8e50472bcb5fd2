import type { Message } from '../src/model/messages.js';

/** The text of each tool result in a transcript, by tool-call id: what the model was told each call gave. */
export function toolResultTexts(messages: readonly Message[]): Record<string, string> {
  return Object.fromEntries(
    messages
      .filter((message) => message.role === 'tool')
      .flatMap((message) => message.content)
      .map((part) => [
        part.toolCallId,
        part.output.content.map((block) => (block.type === 'text' ? block.text : '')).join(),
      ]),
  );
}
