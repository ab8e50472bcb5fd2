import type { RequestMessage } from './messages-request-body.js';

/**
 * The Messages API's refusal of a `tool_use` block whose id an earlier block of the conversation already has
 * (400 `invalid_request_error`, "messages.3.content.1: `tool_use` ids must be unique", as the API's errors
 * quoted in Claude Code's and LiteLLM's issue trackers read), or `undefined` when every id is unique.
 */
export function checkToolUseIds(messages: readonly RequestMessage[]): string | undefined {
  const seen = new Set<string>();
  for (const [messageIndex, message] of messages.entries()) {
    if (message.role !== 'assistant') continue;
    for (const [blockIndex, block] of message.content.entries()) {
      if (block.type !== 'tool_use' || typeof block.id !== 'string') continue;
      if (seen.has(block.id))
        return `messages.${messageIndex}.content.${blockIndex}: \`tool_use\` ids must be unique`;
      seen.add(block.id);
    }
  }
  return undefined;
}
