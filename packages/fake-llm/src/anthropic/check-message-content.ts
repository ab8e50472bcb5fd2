/**
 * The Messages API's refusal of a message without content — an empty list of blocks, or an empty string — anywhere
 * but as the last message when that is the assistant's (a prefill may be empty): 400 `invalid_request_error`,
 * "messages.1: all messages must have non-empty content except for the optional final assistant message", as the
 * API's errors quoted in Claude Code's, ellmer's and other clients' issue trackers read. `undefined` when every
 * message has content.
 */
export function checkMessageContent(rawMessages: readonly unknown[]): string | undefined {
  for (const [index, message] of rawMessages.entries()) {
    if (typeof message !== 'object' || message === null) continue;
    const { role, content } = message as { role?: unknown; content?: unknown };
    const empty = content === '' || (Array.isArray(content) && content.length === 0);
    const finalAssistant = index === rawMessages.length - 1 && role === 'assistant';
    if (empty && !finalAssistant) {
      return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
    }
  }
  return undefined;
}
