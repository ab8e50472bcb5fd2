import type { RequestMessage } from './messages-request-body.js';

/**
 * The Messages API's refusal of a `thinking` block in the last message, when that is the assistant's and the
 * request does not turn thinking on, in its words, or `undefined`. Thinking blocks of earlier assistant messages
 * are taken, as the API takes them.
 */
export function checkFinalAssistantThinking(messages: readonly RequestMessage[]): string | undefined {
  const index = messages.length - 1;
  const last = messages[index];
  if (last?.role !== 'assistant') return undefined;
  const blockIndex = last.content.findIndex((block) => block.type === 'thinking');
  if (blockIndex === -1) return undefined;
  return (
    `messages.${index}.content.${blockIndex}: When thinking is disabled, an \`assistant\` message in the final ` +
    'position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request.'
  );
}
