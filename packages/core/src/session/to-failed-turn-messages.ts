import type { Message } from '../model/messages.js';

/**
 * The transcript to save for a turn that failed: the messages of its last model request when they are the
 * session's history and this turn's user message followed by what the turn added, else history and message.
 */
export function toFailedTurnMessages({
  history,
  userMessage,
  lastRequestMessages,
}: {
  history: readonly Message[];
  userMessage: Message;
  lastRequestMessages: readonly Message[] | undefined;
}): Message[] {
  const fallback = [...history, userMessage];
  if (lastRequestMessages === undefined || lastRequestMessages.length < fallback.length) return fallback;
  const extendsHistory = history.every((message, index) => lastRequestMessages[index] === message);
  const next = lastRequestMessages[history.length];
  const isUserMessage =
    next?.role === 'user' && userMessage.role === 'user' && next.content === userMessage.content;
  return extendsHistory && isUserMessage ? [...lastRequestMessages] : fallback;
}
