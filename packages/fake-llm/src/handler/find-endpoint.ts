/** The two APIs the fake speaks: the Messages API and chat completions. */
export type FakeLlmEndpoint = 'messages' | 'chat-completions';

/** Which API a path is for (`…/v1/messages`, `…/v1/chat/completions`, a trailing slash allowed), or none. */
export function findEndpoint(path: string): FakeLlmEndpoint | undefined {
  if (/\/v1\/messages\/?$/u.test(path)) return 'messages';
  if (/\/v1\/chat\/completions\/?$/u.test(path)) return 'chat-completions';
  return undefined;
}
