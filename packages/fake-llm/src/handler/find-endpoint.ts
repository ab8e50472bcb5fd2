/** The two APIs the fake speaks, and so the two error shapes: the Messages API and chat completions. */
export type FakeLlmEndpoint = 'messages' | 'chat-completions';

/** What a path asks for: a Messages API answer, a token count, or a chat completion. */
export type FakeLlmOperation = 'messages' | 'count-tokens' | 'chat-completions';

/**
 * Which operation a path is for (`…/v1/messages`, `…/v1/messages/count_tokens`, `…/v1/chat/completions`, a
 * trailing slash allowed), or none.
 */
export function findOperation(path: string): FakeLlmOperation | undefined {
  if (/\/v1\/messages\/?$/u.test(path)) return 'messages';
  if (/\/v1\/messages\/count_tokens\/?$/u.test(path)) return 'count-tokens';
  if (/\/v1\/chat\/completions\/?$/u.test(path)) return 'chat-completions';
  return undefined;
}

/** The API whose error shape an operation's refusals take. */
export function findEndpoint(operation: FakeLlmOperation): FakeLlmEndpoint {
  return operation === 'chat-completions' ? 'chat-completions' : 'messages';
}
